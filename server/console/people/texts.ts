/** The People section's words. */
export const peopleNav = { key: 'people', href: '/staff/people', label: 'People' } as const;

export const peopleCopy = {
  notFound: 'There is no such person in the console.',
  saved: 'Saved.',
  sessionEnded: 'That session has ended.',
  lastOwner: 'The console needs at least one owner: give another person the owner role first, then change this one.',
  noName: 'no name yet',
} as const;
