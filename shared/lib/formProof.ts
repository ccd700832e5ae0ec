/**
 * The proof of work of a guarded form (decision 073), in a chunk of its own that a form loads when it first
 * gets focus: it asks the site for a challenge (bound to the form, signed, expiring) and a fresh page token,
 * and solves the challenge with ALTCHA's solver while the visitor types. No third party is asked anything.
 */
import type { Challenge } from 'altcha-lib';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

import type { GuardedForm, ProofFields } from './formGuard';
import { PROOF_ENDPOINT } from './formGuard';

/** The challenge's answer as the server reads it: the challenge and its solution, JSON in base64. */
const encoded = (payload: unknown) => btoa(JSON.stringify(payload));

/** Fetches and solves a challenge for the form; '' for what it could not get (the server then weighs the rest). */
export async function proveForm(form: GuardedForm): Promise<ProofFields> {
  try {
    const response = await fetch(`${PROOF_ENDPOINT}?form=${form}`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return { formToken: '', proof: '' };
    const { challenge, token } = (await response.json()) as { challenge: Challenge; token: string };
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
    return { formToken: token, proof: solution ? encoded({ challenge, solution }) : '' };
  } catch {
    return { formToken: '', proof: '' };
  }
}
