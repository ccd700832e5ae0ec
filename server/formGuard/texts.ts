import type { GuardedForm } from '../../shared/lib/formGuard';
import type { GuardSetting } from './settings';

export const quarantineNav = { key: 'quarantine', href: '/staff/quarantine', label: 'Quarantine' };
export const guardSettingsNav = { key: 'form-checks', href: '/staff/form-checks', label: 'Form checks' };

export const formNames: Record<GuardedForm, string> = {
  contact: 'Contact form',
  newsletter: 'Newsletter sign-up',
  booking: 'Booking page',
};

/** What the quarantine page says after an action, by the query's `done`. */
export const quarantineNotices = {
  delivered: 'Delivered as if it had just arrived.',
  deleted: 'Deleted.',
  failed: 'It could not be delivered now; it is still in the quarantine.',
} as const;

/** Each setting's label on the owners' page. */
export const settingLabels: Record<GuardSetting, string> = {
  threshold: 'Quarantine at a score of',
  minSeconds: 'Fewest seconds from the page to the post',
  perClient: 'Posts per client in 10 minutes',
  perAddress: 'Posts per e-mail address in 10 minutes',
  honeypot: 'Score: honeypot filled',
  noToken: 'Score: no valid page token',
  tooFast: 'Score: sent too fast',
  noProof: 'Score: no proof of work (no script)',
  badProof: 'Score: proof of work refused (replayed, expired, forged)',
  clientLimit: 'Score: over the client limit',
  addressLimit: 'Score: over the address limit',
  noMailDomain: 'Score: e-mail domain cannot receive mail',
  duplicate: 'Score: same message as an earlier one',
  link: 'Score: per link in the message (up to 4)',
  proofWork: 'Proof of work: most hashes asked',
};
