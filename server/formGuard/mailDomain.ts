import { Resolver } from 'node:dns/promises';

/** What the lookup of a domain says: it can receive mail, it cannot, or nobody knows (time-out, no answer). */
export type MailDomainAnswer = 'receives' | 'none' | 'unknown';

/** Asks for a domain's MX records, then its A records: what node:dns/promises's Resolver does. */
interface DomainResolver {
  resolveMx(domain: string): Promise<unknown[]>;
  resolve4(domain: string): Promise<unknown[]>;
}

interface MailDomainOptions {
  resolver?: DomainResolver;
  /** How long one lookup may take before its answer is "unknown". */
  timeoutMs?: number;
  /** How long an answer is kept, by domain. */
  cacheMs?: number;
  /** Domains kept at most; the oldest go first. */
  maxKept?: number;
  now?: () => number;
}

/** The DNS's own word that a name has no such records (not a failure to ask). */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);
const MS_PER_SECOND = 1000;

/**
 * Whether an e-mail's domain can receive mail: an MX record, else an A record (RFC 5321 §5.1), with a short
 * time-out and a cache (decision 073). Only the DNS's own "no such record" for both says "none"; a time-out,
 * a server failure or any other error says "unknown", which never counts against the visitor.
 */
export function mailDomains({
  resolver = new Resolver({ timeout: 1500, tries: 1 }),
  timeoutMs = 2 * MS_PER_SECOND,
  cacheMs = 60 * 60 * MS_PER_SECOND,
  maxKept = 5000,
  now = Date.now,
}: MailDomainOptions = {}) {
  const kept = new Map<string, { answer: MailDomainAnswer; until: number }>();

  const found = async (lookup: Promise<unknown[]>): Promise<boolean | undefined> => {
    try {
      return (await lookup).length > 0;
    } catch (error) {
      return ABSENT.has((error as { code?: string }).code ?? '') ? false : undefined;
    }
  };

  const ask = async (domain: string): Promise<MailDomainAnswer> => {
    const mx = await found(resolver.resolveMx(domain));
    if (mx) return 'receives';
    const a = await found(resolver.resolve4(domain));
    if (a) return 'receives';
    return mx === false && a === false ? 'none' : 'unknown';
  };

  return async function check(email: string): Promise<MailDomainAnswer> {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!domain) return 'unknown';
    const cached = kept.get(domain);
    if (cached && cached.until > now()) return cached.answer;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<MailDomainAnswer>((resolve) => {
      timer = setTimeout(() => resolve('unknown'), timeoutMs);
    });
    const answer = await Promise.race([ask(domain).catch(() => 'unknown' as const), late]);
    clearTimeout(timer);
    // An unknown answer is asked again next time: the DNS may be back.
    if (answer !== 'unknown') {
      kept.delete(domain);
      kept.set(domain, { answer, until: now() + cacheMs });
      if (kept.size > maxKept) kept.delete(kept.keys().next().value!);
    }
    return answer;
  };
}

export type MailDomainCheck = ReturnType<typeof mailDomains>;
