/** An owner's invitation (decision 070): an invited account, its single-use link, and the e-mail that carries it. */
import { z } from 'zod';

import type { Queryable } from '../../db';
import type { OutboxStore } from '../../outbox/store';
import { linkMessage } from './linkMail';
import { issueLink } from './links';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** A typed staff address, trimmed and lower-cased, or undefined when it is not one. */
export const staffEmail = (typed: string): string | undefined => {
  const parsed = emailSchema.safeParse(typed);
  return parsed.success ? parsed.data : undefined;
};

interface Invitee {
  id: number;
  email: string;
  name: string;
  languages: readonly string[];
}

/**
 * A new invitation link for the person, and its e-mail, in `tx`: the link replaces any earlier one, and the e-mail
 * names who invited them. The caller wakes the outbox once `tx` commits.
 */
export async function queueInvitation(
  tx: Queryable,
  { outbox, siteUrl }: { outbox: OutboxStore; siteUrl: string },
  person: Invitee,
  by: string,
  now: Date,
): Promise<void> {
  const token = await issueLink(tx, person.id, 'invite', now);
  const { email: to, name, languages } = person;
  await outbox.enqueue(linkMessage({ purpose: 'invite', to, name, languages, token, siteUrl, by }), now, tx);
}
