/**
 * A booking's manage link (decision 082): "<id>.<sequence>.<signature>", signed with the site's own secret. The
 * sequence rises with every move and the cancel, so a link acts only on the booking as it was sent: an older one
 * opens a page that says so and changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Queryable } from '../db';

export interface LinkSigner {
  sign(id: number, sequence: number): string;
  /** The booking and version a token names, or undefined when it is not one of ours. */
  read(token: string): { id: number; sequence: number } | undefined;
}

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,6})\.([\w-]{43})$/;

function linkSigner(secret: string): LinkSigner {
  const signature = (id: number, sequence: number) =>
    createHmac('sha256', secret).update(`booking-link\n${id}\n${sequence}`).digest('base64url');
  return {
    sign: (id, sequence) => `${id}.${sequence}.${signature(id, sequence)}`,
    read(token) {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const [id, sequence] = [Number(match[1]), Number(match[2])];
      const expected = Buffer.from(signature(id, sequence));
      const given = Buffer.from(match[3]!);
      return timingSafeEqual(expected, given) ? { id, sequence } : undefined;
    },
  };
}

/** The signer with the database's secret (made by the migration, decision 082). */
export async function storedSigner(q: Queryable): Promise<LinkSigner> {
  const row = await q.get<{ value: string }>("SELECT value FROM settings WHERE key = 'booking_link_secret'");
  return linkSigner(row!.value);
}
