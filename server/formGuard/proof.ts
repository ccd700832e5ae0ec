import type { Challenge, Solution } from 'altcha-lib';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

import type { GuardedForm } from '../../shared/lib/formGuard';
import type { Database } from '../db';
import { siteKey } from '../http/formToken';

/** How long a challenge may be solved and posted: a long message takes a while to write. */
const CHALLENGE_MINUTES = 30;
/** Used proofs are swept at most this often. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** What a posted proof is: good, absent, or refused with why. */
export type ProofCheck = 'good' | 'missing' | 'invalid' | 'expired' | 'otherForm' | 'replayed';

/** The posted field: the challenge and its solution, JSON in base64, as shared/lib/formProof.ts writes it. */
function decoded(field: unknown): { challenge: Challenge; solution: Solution } | undefined {
  if (typeof field !== 'string' || field.length > 4096) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    const { challenge, solution } = payload;
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object') return undefined;
    if (typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string') return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

/**
 * ALTCHA's proof of work, issued and checked by the site itself (decision 073): a challenge is signed with the
 * site's key for it, names its form in its signed data, expires, and is spent at its first use (its signature
 * is kept in `form_proofs_used` until it would have expired, on every instance).
 */
export function proofs(db: Database) {
  let secret: Promise<string> | undefined;
  const key = () => (secret ??= siteKey(db, 'form proof of work').then((bytes) => bytes.toString('hex')));
  let sweptAt = 0;

  return {
    async issue(form: GuardedForm, work: number, now = new Date()): Promise<Challenge> {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.max(1, work)),
        deriveKey,
        data: { form },
        expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
        hmacSignatureSecret: await key(),
        hmacKeySignatureSecret: await key(),
      });
    },

    async check(form: GuardedForm, field: unknown, now = new Date()): Promise<ProofCheck> {
      if (field === undefined || field === '') return 'missing';
      const payload = decoded(field);
      if (!payload) return 'invalid';
      const result = await verifySolution({
        ...payload,
        deriveKey,
        hmacSignatureSecret: await key(),
        hmacKeySignatureSecret: await key(),
      }).catch(() => undefined);
      if (!result) return 'invalid';
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      if (payload.challenge.parameters.data?.form !== form) return 'otherForm';
      const at = now.getTime();
      if (at - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at;
        await db.run('DELETE FROM form_proofs_used WHERE expires_at < ?', at);
      }
      const expiresAt = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
      const spent = await db.run(
        'INSERT INTO form_proofs_used (signature, expires_at) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING',
        payload.challenge.signature!,
        expiresAt,
      );
      return spent === 1 ? 'good' : 'replayed';
    },
  };
}

export type Proofs = ReturnType<typeof proofs>;
