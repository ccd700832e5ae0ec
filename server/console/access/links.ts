/**
 * Single-use links that let a person set their password (decision 070): an owner's invitation, valid 72 hours,
 * and a reset asked for on the sign-in page, valid 30 minutes. The token is an id and a random secret; the
 * database keeps only the secret's SHA-256, compared in constant time, so a copy of it opens nothing.
 */
import { createHash, randomBytes } from 'node:crypto';

import { retention } from '../../../shared/content/retention';
import type { Queryable } from '../../db';
import { sameToken } from '../auth';

export type LinkPurpose = 'invite' | 'reset';

/** How long each link works: the privacy policy quotes the same numbers. */
const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  invite: retention.staffInviteHours * 60 * 60_000,
  reset: retention.staffResetMinutes * 60_000,
};

/** A token as the link carries it: "<id>.<secret>", both base64url. */
const TOKEN = /^([\w-]{22})\.([\w-]{43})$/;

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * A new link for the account, in `tx`: it replaces the account's earlier one of the same purpose (a second
 * invitation makes the first link useless). Returns the token, which only the e-mail carries.
 */
export async function issueLink(tx: Queryable, accountId: number, purpose: LinkPurpose, now: Date): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  // Links that ran out go whenever one is made; the daily purge takes the rest.
  await tx.run('DELETE FROM staff_links WHERE expires_at < ?', now.toISOString());
  await tx.run(
    `INSERT INTO staff_links (id, account_id, purpose, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, purpose) DO UPDATE SET id = excluded.id, secret_hash = excluded.secret_hash,
       created_at = excluded.created_at, expires_at = excluded.expires_at`,
    id,
    accountId,
    purpose,
    secretHash(secret),
    now.toISOString(),
    new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
  );
  return `${id}.${secret}`;
}

/** The account and purpose of a live link, read without using it; undefined for a token that opens nothing. */
export async function openLink(
  q: Queryable,
  token: string,
  now: Date,
): Promise<{ accountId: number; purpose: LinkPurpose; id: string } | undefined> {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const row = await q.get<{ id: string; account_id: number; purpose: LinkPurpose; secret_hash: string }>(
    `SELECT l.id, l.account_id, l.purpose, l.secret_hash FROM staff_links l
     JOIN staff_accounts a ON a.id = l.account_id
     WHERE l.id = ? AND l.expires_at > ? AND a.disabled_at IS NULL`,
    match[1]!,
    now.toISOString(),
  );
  if (!row || !sameToken(secretHash(match[2]!), row.secret_hash)) return undefined;
  return { accountId: row.account_id, purpose: row.purpose, id: row.id };
}

/**
 * Uses a link, in `tx`: the live link of this token is deleted and its account returned, or undefined when the
 * token opens nothing (used, replaced, expired, made up). Two posts of one link: the second finds nothing.
 */
export async function useLink(tx: Queryable, token: string, now: Date): Promise<number | undefined> {
  const link = await openLink(tx, token, now);
  if (!link) return undefined;
  const deleted = await tx.run('DELETE FROM staff_links WHERE id = ?', link.id);
  return deleted === 1 ? link.accountId : undefined;
}
