/** What the operator is told while the lab's legal identity is incomplete: the console's top bar and the start's log. */
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';

/** "LAB_TAX_ID and LAB_DOMICILE", "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

export const identityTexts = {
  alert: (missing: readonly string[]): ConsoleAlert => ({
    cause: 'identity-incomplete',
    title: 'The lab’s legal identity is incomplete:',
    meaning: `${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not set. The privacy policy and the terms say “(not yet published)” in their place, and newsletter confirmations and campaigns wait in the outbox, unsent: CASL and CAN-SPAM require the lab’s legal name and postal address in each. Set them and restart the site (docs/operations.md, “The lab’s legal identity”).`,
    link: { href: '/staff/newsletter', label: 'Show what waits' },
  }),
  startLine:
    'the lab’s legal identity is incomplete: the legal pages say “(not yet published)” in its place, and newsletter confirmations and campaigns wait in the outbox until every LAB_* setting is given',
};
