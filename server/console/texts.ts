/** The staff console's own words: sign-in, the not-found page, and labels several sections share. */
import { siteFacts } from '../../shared/content/data';

/** The lab's own clock: times in the console are shown in it. */
export const LAB_TIME_ZONE = 'America/New_York';

/** What several sections show: the device filter's choices (analytics and field speed). */
export const deviceLabels = { '': 'All devices', mobile: 'Mobile', desktop: 'Desktop' } as const;

export const signInCopy = {
  title: 'Sign in',
  intro: `The ${siteFacts.name} staff console: leads, subscribers and field speed.`,
  wrong: 'The e-mail address or password is not right.',
  missing: 'Enter your e-mail address and your password.',
  wait: (seconds: number) => `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  locked: (minutes: number) =>
    `Too many failed attempts for this address from here: sign-in is locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  busy: (seconds: number) => `The console is busy checking other sign-ins. Try again in ${seconds} seconds.`,
  signedOut: 'You are signed out.',
  expired: 'Your session has ended. Sign in again.',
  kept: 'Your session had ended, so your last form is kept: sign in to finish saving it.',
  passwordSet: 'Your password is set. Sign in with it.',
} as const;

export const consoleCopy = {
  notFound: 'There is no such page in the console.',
  forbidden: 'Your role does not open this page or allow this action. An owner of the console can change roles.',
} as const;
