/** Two-factor sign-in's words (decision 071). */
export const twoFactorCopy = {
  stepTitle: 'Second step',
  stepIntro: 'Enter the six-digit code your authenticator app shows now, or one of your recovery codes.',
  setUpTitle: 'Set up two-factor sign-in',
  setUpIntro:
    'Scan the QR code with an authenticator app (any app that takes TOTP codes), or type the secret into it. ' +
    'Then enter the six-digit code the app shows, to prove it is set up.',
  requiredIntro: 'The console requires two factors for everyone: set yours up before anything else.',
  secretLabel: 'Secret to type into the app',
  qrAlt: 'QR code for an authenticator app. The same secret is written beside it as text.',
  codeLabel: 'Six-digit code',
  stepCodeLabel: 'Code or recovery code',
  wrong: 'That code is not right, or it was already used. Wait for the next code and try again.',
  missing: 'Enter the six-digit code from your authenticator app.',
  locked: (minutes: number) =>
    `Too many wrong codes: the second step is locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  codesTitle: 'Your recovery codes',
  codesIntro:
    'Two-factor sign-in is on. Keep these ten codes somewhere safe, away from your phone: each one signs you in ' +
    'once if you lose the app. They are shown only now; the console keeps only a hash of each.',
  accountTitle: 'Your account',
  on: (left: number) => `Two-factor sign-in is on. Recovery codes left: ${left}.`,
  off: 'Two-factor sign-in is off: your password alone signs you in.',
  offRequired: 'Two factors are required for everyone, so yours cannot be turned off.',
  turnedOff: 'Two-factor sign-in is off.',
  turnOffIntro: 'To turn it off, enter the code your authenticator app shows now.',
  recoveryUsed: 'You signed in with a recovery code, which is now used. Set up a new app if you lost yours.',
} as const;

/** The notices a redirect to the account page may name. */
export const accountNotices = { off: twoFactorCopy.turnedOff, recovery: twoFactorCopy.recoveryUsed } as const;
