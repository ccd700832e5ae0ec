import { Router } from 'express';

import type { GuardedForm } from '../../shared/lib/formGuard';
import { GUARDED_FORMS, PROOF_ENDPOINT } from '../../shared/lib/formGuard';
import type { FormTokens } from '../http/formToken';
import { perClientLimit } from '../http/rateLimit';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import type { Proofs } from './proof';
import type { GuardSettings } from './settings';

/** Challenges one client may ask for per minute: a form gets one at its first focus. */
const CHALLENGES_PER_MINUTE = 30;

interface ProofRoutesOptions {
  proofs: Proofs;
  tokens: FormTokens;
  settings: () => Promise<GuardSettings>;
  counters?: RateLimitCounters;
}

/** GET /api/form-proof?form=…: a challenge for that form and a fresh page token, never stored by a cache. */
export function proofRoutes({ proofs, tokens, settings, counters }: ProofRoutesOptions): Router {
  const router = Router();
  const limit = perClientLimit({
    limit: CHALLENGES_PER_MINUTE,
    windowMs: 60_000,
    store: counters?.('form-proof'),
    onLimited: (_req, res) => res.json({ error: 'Too many challenges asked for: try again in a minute.' }),
  });
  router.get(PROOF_ENDPOINT, limit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const form = req.query.form;
    if (typeof form !== 'string' || !(GUARDED_FORMS as readonly string[]).includes(form)) {
      res.status(400).json({ error: `Expected ?form= one of ${GUARDED_FORMS.join(', ')}.` });
      return;
    }
    const { proofWork } = await settings();
    res.json({ challenge: await proofs.issue(form as GuardedForm, proofWork), token: await tokens.issue() });
  });
  return router;
}
