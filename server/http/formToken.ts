import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Queryable } from '../db';

/** A page left open longer than this has to be loaded again before its form is trusted. */
const MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * A kept form page's token is the same for every answer for this long, then the page is rendered again with the
 * next one (decision 073): the page stays in the page cache, its token still dates it to within these minutes.
 */
export const KEPT_TOKEN_WINDOW_MS = 5 * 60_000;
/** When the window of a time (ms) ends: a kept form page is kept until then. */
export const keptTokenWindowEnd = (ms: number) => (Math.floor(ms / KEPT_TOKEN_WINDOW_MS) + 1) * KEPT_TOKEN_WINDOW_MS;
/** A kept page's token has no nonce of its own (nine zero bytes): every answer of its window carries the same. */
const KEPT_NONCE = 'AAAAAAAAAAAA';

/** What a form post's page token says: when its page was served, or why it says nothing. */
export type TokenCheck = { ok: true; ageSeconds: number } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export interface FormTokens {
  /** A new token for a page served now: its time and a nonce, signed; only word characters, dots and dashes. */
  issue(now?: Date): Promise<string>;
  /**
   * The token of a kept page rendered now: issued at the start of its window (KEPT_TOKEN_WINDOW_MS), so its age
   * is never less than the time since the page was served, and a person is never taken for too fast.
   */
  kept(now?: Date): Promise<string>;
  /** Whether a posted token is one the site issued, and how long ago. */
  check(token: unknown, now?: Date): Promise<TokenCheck>;
}

/**
 * A key of its own for one purpose, derived from the database's unsubscribe secret (the newsletter's links are
 * signed with it): every instance on the database has it, and one purpose's signature never passes for another's.
 */
export async function siteKey(db: Queryable, purpose: string): Promise<Buffer> {
  const row = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'unsubscribe_secret'");
  if (!row) throw new Error('The database has no unsubscribe secret: its migrations did not run.');
  return createHmac('sha256', row.value).update(purpose).digest();
}

/**
 * Signed, timed tokens that a form page carries (decision 073): HMAC-SHA-256 under the site's key for them
 * (siteKey), so every instance on one database accepts the others' tokens and nothing new is configured.
 */
export function createFormTokens(db: Queryable): FormTokens {
  let key: Promise<Buffer> | undefined;
  const readKey = () => siteKey(db, 'form page token');
  const sign = async (body: string) =>
    createHmac('sha256', await (key ??= readKey()))
      .update(body)
      .digest('base64url');
  const token = async (seconds: number, nonce: string) => {
    const body = `${seconds.toString(36)}.${nonce}`;
    return `${body}.${await sign(body)}`;
  };
  return {
    issue: (now = new Date()) => token(Math.floor(now.getTime() / 1000), randomBytes(9).toString('base64url')),
    kept: (now = new Date()) => token((keptTokenWindowEnd(now.getTime()) - KEPT_TOKEN_WINDOW_MS) / 1000, KEPT_NONCE),
    async check(token, now = new Date()) {
      if (typeof token !== 'string' || token === '') return { ok: false, reason: 'missing' };
      const match = /^([0-9a-z]{1,10})\.([\w-]{12})\.([\w-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(await sign(`${match[1]}.${match[2]}`));
      if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { ok: false, reason: 'invalid' };
      const ageSeconds = Math.floor(now.getTime() / 1000) - Number.parseInt(match[1]!, 36);
      if (ageSeconds < 0 || ageSeconds > MAX_AGE_SECONDS) return { ok: false, reason: 'expired' };
      return { ok: true, ageSeconds };
    },
  };
}
