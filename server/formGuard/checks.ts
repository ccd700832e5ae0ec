import type { TokenCheck } from '../http/formToken';
import type { MailDomainAnswer } from './mailDomain';
import type { ProofCheck } from './proof';
import type { Reason } from './quarantine';
import type { GuardSettings } from './settings';

/**
 * What the guard learnt of one submission, each answer from its own check. The costly ones (a write, a lookup)
 * are undefined when they were not run: the cheap ones alone had held the post, or the client was over its limit.
 */
export interface Findings {
  honeypot: boolean;
  token: TokenCheck;
  links: number;
  proof?: ProofCheck;
  /** Undefined when the form has no address, or the lookup is off. */
  mailDomain?: MailDomainAnswer;
  duplicate?: boolean;
  overClient?: boolean;
  overAddress?: boolean;
}

/** Links counted at most: past four, a message is scored as four. */
const MAX_LINKS = 4;

/** Web addresses in a message: a scheme, or a "www." name. */
export const linksIn = (text: string) => (text.match(/\bhttps?:\/\/|\bwww\.[a-z0-9-]/gi) ?? []).length;

/**
 * Each failed check as a reason with its weight from the settings (decision 073), in the order staff read them;
 * a lookup that could not answer is a reason worth nothing, so that staff see it was not held against anyone.
 */
export function reasonsOf(found: Findings, settings: GuardSettings): Reason[] {
  const reasons: Reason[] = [];
  const add = (reason: string, score: number) => reasons.push({ reason, score });
  if (found.honeypot) add('honeypot filled', settings.honeypot);
  if (!found.token.ok) add(`page token ${found.token.reason}`, settings.noToken);
  else if (found.token.ageSeconds < settings.minSeconds)
    add(`sent ${found.token.ageSeconds} s after the page`, settings.tooFast);
  if (found.proof === 'missing') add('no proof of work', settings.noProof);
  else if (found.proof !== undefined && found.proof !== 'good') add(`proof of work ${found.proof}`, settings.badProof);
  if (found.overClient) add(`over ${settings.perClient} posts from one client in 10 minutes`, settings.clientLimit);
  if (found.overAddress) add(`over ${settings.perAddress} posts from one address in 10 minutes`, settings.addressLimit);
  if (found.mailDomain === 'none') add('e-mail domain has no MX or A record', settings.noMailDomain);
  if (found.mailDomain === 'unknown') add('e-mail domain not looked up (DNS did not answer)', 0);
  if (found.duplicate) add('same message as an earlier one', settings.duplicate);
  if (found.links > 0) add(`${found.links} link(s) in the message`, settings.link * Math.min(found.links, MAX_LINKS));
  return reasons;
}

export const scoreOf = (reasons: readonly Reason[]) => reasons.reduce((sum, { score }) => sum + score, 0);
