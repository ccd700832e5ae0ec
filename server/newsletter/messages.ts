import type { LegalFacts } from '../../shared/content/legalFacts';
import { fillLegalFacts } from '../../shared/content/legalFacts';
import { absoluteUrl } from '../../shared/lib/runtime';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH, withToken } from '../../shared/model/newsletter';
import { localizePath } from '../../shared/routes';
import type { Queryable } from '../db';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage } from '../outbox/store';
import type { KindHooks } from '../outbox/worker';
import { recordRefusal } from './bounces';
import type { Confirmation } from './store';
import { confirmationMails } from './texts';

/** The e-mail that asks a new address to confirm. */
const confirmation = { name: 'newsletter-confirmation', channel: 'mail' } as const satisfies OutboxKind;
/** What a sign-up sends, for the composition root to register with the outbox. */
export const newsletterKinds: readonly OutboxKind[] = [confirmation];

/**
 * A confirmation e-mail goes only while its link still works: one put off to a later hour (decision 060)
 * is skipped at its turn if, meanwhile, the address unsubscribed through an earlier e-mail, was taken off
 * the list or reported us (each revokes the link: UNSUBSCRIBE_SET). An erased address's messages are
 * deleted with it.
 */
export function confirmationHooks(db: Queryable, lab: LegalFacts): Record<string, KindHooks> {
  return {
    [confirmation.name]: {
      async compose(message) {
        const row = await db.get<{ link: string | null; bounces: number }>(
          'SELECT confirmation_token_hash AS link, hard_bounces AS bounces FROM subscribers WHERE id = ?',
          message.subscriberId,
        );
        if (!row?.link) return { skip: 'link revoked' };
        // An address that bounced before gets nothing more (decision 077).
        if (row.bounces > 0) return { bounced: 'the address bounced before' };
        if (!('mail' in message.payload)) return message;
        // The lab's legal name and postal address are filled in as it is sent (what is composed is never stored).
        const { mail } = message.payload;
        const text = fillLegalFacts(mail.text, (name) => lab[name]);
        return { ...message, payload: { ...message.payload, mail: { ...mail, text } } };
      },
      // An address that does not take mail is the sign-up's, not an outage: a bounce, and suppressed at once,
      // so that signing it up again sends it at most the rare confirmation of a suppressed address (decision 077).
      async refused(message, reason) {
        if (message.subscriberId !== null) await recordRefusal(db, message.subscriberId, reason, new Date());
      },
    },
  };
}

const linkWithToken = (siteUrl: string, path: string, token: string) => absoluteUrl(siteUrl, withToken(path, token));

/** RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the link, no page visit needed. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** What a sign-up sends: the e-mail that asks the address to confirm, in its language; it carries the unsubscribe headers too, as every newsletter mail does. */
export function signUpMessages(siteUrl: string) {
  return ({ subscriberId, email, locale, confirmToken, unsubscribeToken }: Confirmation): NewOutboxMessage[] => {
    const confirmationMail = confirmationMails[locale];
    // The links open the pages in the e-mail's language.
    const confirmUrl = linkWithToken(siteUrl, localizePath(CONFIRM_PATH, locale), confirmToken);
    const unsubscribeUrl = linkWithToken(siteUrl, localizePath(UNSUBSCRIBE_PATH, locale), unsubscribeToken);
    return [
      {
        kind: confirmation.name,
        subscriberId,
        // Only the token's hash is in the subscribers table: the link itself is blanked from the outbox once sent.
        secret: confirmUrl,
        mail: {
          to: email,
          subject: confirmationMail.subject,
          text: confirmationMail.text({ confirmUrl, unsubscribeUrl, siteUrl }),
          headers: listUnsubscribeHeaders(unsubscribeUrl),
        },
      },
    ];
  };
}
