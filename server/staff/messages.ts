import { headerText } from '../outbox/headerText';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage } from '../outbox/store';
import { LOCK_MS } from './signInThrottle';
import { lockAlertMail } from './texts';

/** The e-mail that tells the lab a staff account's sign-in got locked for a client. */
const lockAlert = { name: 'staff-sign-in-lock', channel: 'mail' } as const satisfies OutboxKind;
/** What the console sends, for the composition root to register with the outbox. */
export const staffKinds: readonly OutboxKind[] = [lockAlert];

/** A lock that just started: the account's address and the client key it holds for. */
export interface SignInLock {
  email: string;
  client: string;
}

/** The lock alert, to `to` (the lab's general inbox: the console has no administrator role). */
export function lockAlertMessages(to: string, siteUrl: string) {
  return ({ email, client }: SignInLock): NewOutboxMessage[] => [
    {
      kind: lockAlert.name,
      mail: {
        to,
        subject: headerText(lockAlertMail.subject(email)),
        text: lockAlertMail.text({ email, client, siteUrl, minutes: LOCK_MS / 60_000 }),
      },
    },
  ];
}
