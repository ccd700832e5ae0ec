/** The console's words about invitations, resets and setting a password (decision 070). */
export const passwordCopy = {
  forgotTitle: 'Forgot your password?',
  forgotIntro:
    'Enter the e-mail address you sign in with. If it has an account, we e-mail it a link to choose a new password.',
  forgotSent:
    'If that address has an account, a link to choose a new password is on its way. It works once, for 30 minutes.',
  forgotMissing: 'Enter the e-mail address you sign in with.',
  forgotTooMany: (minutes: number) =>
    `Too many requests from here. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  setTitle: 'Choose your password',
  setIntro: (email: string) => `For ${email}. At least 12 characters; a few unrelated words make a good one.`,
  setMismatch: 'The two passwords are not the same.',
  linkDead:
    'This link no longer works: it was used, a newer one replaced it, or its time ran out. Ask for a new one below, or ask an owner to invite you again.',
} as const;

export const inviteCopy = {
  sent: (email: string) => `Invitation sent to ${email}. Its link works once, for 72 hours.`,
  exists: 'This address already has an account. Its person can use “Forgot password?” on the sign-in page.',
  badEmail: 'Enter the person’s e-mail address.',
  resent: 'A new invitation is on its way; the earlier link no longer works.',
  notInvited: 'This person has already set a password: nothing to send.',
} as const;
