import type { Solution } from 'altcha-lib';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import request from 'supertest';

import type { SiteApp } from '../../server/app';
import type { GuardedForm } from '../../shared/lib/formGuard';
import { FORM_TOKEN_FIELD, PROOF_ENDPOINT } from '../../shared/lib/formGuard';
import type { TestApp } from './helpers';

/** An app in this process (its database at hand, for a test app), or a server process's base URL. */
type Target = SiteApp | TestApp | string;

const tokens = new WeakMap<object, Promise<string>>();
const urlTokens = new Map<string, Promise<string>>();

/** The token in a form page's hidden field, as a browser without script sends it back. */
export const tokenIn = (html: string) => new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** A page's token; the test's site takes a post at once (TEST_FORM_CHECKS), as a test types at once. */
async function fetchToken(target: Target, path: string): Promise<string> {
  const page = await request(target).get(path);
  const token = tokenIn(page.text);
  if (!token) throw new Error(`No form token on ${path} (status ${page.status})`);
  return token;
}

/**
 * What a person's form sends beside its fields (decision 073): the page token, read from the form page once per
 * target, as a post without script has it. With `proof`, also a solved proof of work for the form, as the
 * enhanced form sends it (each post needs its own).
 */
export async function guardFields(
  target: Target,
  form: GuardedForm,
  { path = form === 'contact' ? '/contact' : '/blog', proof = false }: { path?: string; proof?: boolean } = {},
): Promise<Record<string, string>> {
  let token = typeof target === 'string' ? urlTokens.get(target) : tokens.get(target);
  if (!token) {
    token = fetchToken(target, path);
    if (typeof target === 'string') urlTokens.set(target, token);
    else tokens.set(target, token);
  }
  const fields = { [FORM_TOKEN_FIELD]: await token };
  return proof ? { ...fields, proof: await solvedProof(target, form) } : fields;
}

/** A challenge from the site, solved here with ALTCHA's own solver, encoded as the browser's chunk encodes it. */
export async function solvedProof(target: Target, form: GuardedForm): Promise<string> {
  // Each challenge asked as from a client of its own (behind a trusted proxy): their per-client limit is not tested here.
  const client = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const { body } = await request(target).get(`${PROOF_ENDPOINT}?form=${form}`).set('X-Forwarded-For', client);
  const { challenge } = body as { challenge: Parameters<typeof solveChallenge>[0]['challenge'] };
  const solution: Solution | null = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The guarded form an endpoint is: the sign-up's or the contact form's. */
export const formOf = (endpoint: string): GuardedForm =>
  endpoint.includes('/api/subscribe') ? 'newsletter' : 'contact';
