/** The People section's words. */
export const peopleNav = { key: 'people', href: '/staff/people', label: 'People' } as const;

export const peopleCopy = {
  notFound: 'There is no such person in the console.',
  saved: 'Saved.',
  sessionEnded: 'That session has ended.',
  lastOwner: 'The console needs at least one owner: give another person the owner role first, then change this one.',
  noName: 'no name yet',
  twoFactorReset: 'Their two-factor sign-in is reset: they sign in with their password, and set it up again.',
  resetOwn: 'Turn your own two-factor sign-in off from your account page, with a current code.',
  required: 'Two factors are now required: each person without them sets them up at their next sign-in.',
  optional: 'Two factors are no longer required of everyone.',
} as const;
