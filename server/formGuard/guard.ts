import type { Request } from 'express';

import type { GuardedForm } from '../../shared/lib/formGuard';
import { FORM_TOKEN_FIELD, PROOF_FIELD } from '../../shared/lib/formGuard';
import type { Database } from '../db';
import type { FormTokens } from '../http/formToken';
import type { Logger } from '../http/logger';
import { requestClient } from '../http/rateLimit';
import { createWindowCounts } from '../http/rateLimitCounters';
import type { Findings } from './checks';
import { linksIn, reasonsOf, scoreOf } from './checks';
import type { HeldBatches } from './heldBatches';
import type { MailDomainCheck } from './mailDomain';
import type { Proofs } from './proof';
import type { GuardSettings } from './settings';
import { readGuardSettings } from './settings';

const TEN_MINUTES_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** The settings are read again at most this often: a flood reads them once, a change shows within seconds. */
const SETTINGS_MS = 5000;

/** What a form hands the guard of one post. */
interface Submission<T> {
  /** The decoded body, where the page token, the proof and nothing else the guard reads are. */
  fields: unknown;
  /** Whether the form's honeypot was filled. */
  honeypot?: boolean;
  /** The address typed, for its domain's lookup and its limit. */
  email?: string;
  /** The message typed, for its links and its repeats. */
  text?: string;
  /** A line for staff to judge it by in the quarantine. */
  summary: string;
  /** What the form's delivery needs, kept in the quarantine until staff deliver it. */
  payload: T;
}

/** One form's guard: `held` screens a post and keeps it in the quarantine when it fails (then answer as usual). */
export interface FormGuard<T> {
  held(req: Request, submission: Submission<T>): Promise<boolean>;
}

interface GuardParts {
  db: Database;
  logger: Logger;
  tokens: FormTokens;
  proofs: Proofs;
  /** Where held posts go: written together, each answered once written. */
  held: HeldBatches;
  /** Undefined when the lookup is off (MAIL_DOMAIN_CHECK=off). */
  mailDomain?: MailDomainCheck;
  /** What the settings are where the owners saved none (FORM_MIN_SECONDS sets the least time). */
  defaults: GuardSettings;
}

const field = (fields: unknown, name: string): unknown =>
  typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>)[name] : undefined;

/**
 * Counts in this process's memory, in fixed windows: more than a limit here is more than it in every instance's
 * count, so a client known over it is over it with no write.
 */
function memoryCounts(windowMs: number) {
  let hits = new Map<string, number>();
  let windowEnds = 0;
  return (key: string, now: number) => {
    if (now >= windowEnds) {
      hits = new Map();
      windowEnds = now + windowMs;
    }
    const count = (hits.get(key) ?? 0) + 1;
    hits.set(key, count);
    return count;
  };
}

/**
 * Screens the posts of the site's public forms (decision 073): every check adds its reasons to a score, and a
 * post whose score reaches the threshold is kept in the quarantine instead of being delivered. The limits count
 * in the rate limiters' table (salted hashes, shared by every instance).
 *
 * Cheapest first, so that a flood costs the site little: the checks in memory (honeypot, page token, a proof
 * sent at all, links), then the client's count, then the rest (the proof verified and spent, the address's
 * count, the repeat, the DNS). Once a post's score reaches the threshold the later checks are not run: a score
 * only grows, so they could not deliver it. A post that never loaded its form thus costs no write of its own.
 */
export function createGuard({ db, logger, tokens, proofs, held, mailDomain, defaults }: GuardParts) {
  const counts = createWindowCounts();
  const recent = memoryCounts(TEN_MINUTES_MS);
  let settings: { value: Promise<GuardSettings>; at: number } | undefined;
  const current = () => {
    const now = Date.now();
    if (!settings || now - settings.at > SETTINGS_MS) settings = { value: readGuardSettings(db, defaults), at: now };
    return settings.value;
  };
  /** Counts a hit and says whether it is over `limit` in the window. */
  const over = async (name: string, key: string, windowMs: number, limit: number) =>
    ((await counts.hit(db, { name, key, windowMs, now: Date.now() }))?.hits ?? 0) > limit;

  return {
    settings: current,
    forget: () => (settings = undefined),
    form<T>(form: GuardedForm): FormGuard<T> {
      return {
        async held(req, { fields, honeypot = false, email, text = '', summary, payload }) {
          const set = await current();
          const address = email?.trim().toLowerCase();
          /** Holds the post when its score reaches the threshold, and resolves once it is written (decision 089). */
          const hold = async (found: Findings) => {
            const reasons = reasonsOf(found, set);
            const score = scoreOf(reasons);
            if (score < set.threshold) return false;
            // Why, never what: the reasons name no value the visitor typed.
            logger.info({ form, score, reasons: reasons.map(({ reason }) => reason) }, 'form post quarantined');
            await held.add({
              ...{ form, email: address ?? '', summary: summary.slice(0, 200), payload, reasons, score },
              receivedAt: new Date().toISOString(),
            });
            return true;
          };
          const proofField = field(fields, PROOF_FIELD);
          const cheap = {
            ...{ honeypot, token: await tokens.check(field(fields, FORM_TOKEN_FIELD)), links: linksIn(text) },
            proof: proofField === undefined || proofField === '' ? ('missing' as const) : undefined,
          };
          if (await hold(cheap)) return true;
          const client = requestClient(req);
          const overClient =
            recent(`${form}:${client}`, Date.now()) > set.perClient ||
            (await over(`guard:${form}:client`, client, TEN_MINUTES_MS, set.perClient));
          if (overClient && (await hold({ ...cheap, overClient }))) return true;
          const [proof, mailDomainAnswer, duplicate, overAddress] = await Promise.all([
            proofs.check(form, proofField),
            address && mailDomain ? mailDomain(address) : undefined,
            text.trim() ? over(`guard:${form}:text`, text.trim().replace(/\s+/g, ' ').toLowerCase(), DAY_MS, 1) : false,
            address ? over(`guard:${form}:address`, address, TEN_MINUTES_MS, set.perAddress) : false,
          ]);
          return hold({ ...cheap, proof, mailDomain: mailDomainAnswer, duplicate, overClient, overAddress });
        },
      };
    },
  };
}
