import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { z } from 'zod';

import type { DepartmentId } from '../shared/content/data';
import { departmentFacts, siteFacts } from '../shared/content/data';
import type { LegalFactName, LegalFacts } from '../shared/content/legalFacts';
import { legalFactNames } from '../shared/content/legalFacts';
import { retention } from '../shared/content/retention';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Express's "trust proxy": false, a hop count, or a list of the proxies'
 * addresses and subnets. Never true: that believes any X-Forwarded-For a
 * client sends, so anyone could pick their own address and walk past the rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) => value !== 'true',
    "true trusts any client's X-Forwarded-For; use the number of proxies in front (such as 1) or their addresses",
  )
  .regex(/^(false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'expected false, a hop count or a list of addresses')
  .transform((value): false | number | string => {
    if (value === 'false') return false;
    return /^\d+$/.test(value) ? Number(value) : value;
  });

/** One address, or a display name and an address ("Meridian Lab <hello@meridianlab.dev>"); never a line break. */
const mailbox = z
  .string()
  .trim()
  .refine((value) => {
    const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
    return !/[\r\n]/.test(value) && z.email().safeParse(address).success;
  }, 'expected an e-mail address, optionally as "Name <address>"');

/** Newsletter confirmation e-mails the whole site sends in an hour at most (decision 032). */
export const DEFAULT_CONFIRMATIONS_PER_HOUR = 100;

/** Campaign e-mails the whole site sends in a minute at most, over every instance (decision 043). */
const DEFAULT_NEWSLETTER_RATE_PER_MINUTE = 120;

const defaultInbox = (id: DepartmentId) => departmentFacts.find((department) => department.id === id)!.email;

/** One fact of the lab's legal identity: text, up to a postal address's length. */
const identityFact = z.string().trim().min(1, 'expected text, or no value at all').max(300);

/** Each fact of the lab's legal identity by its setting: the legal pages and the newsletter's e-mails name them. */
const identityVariables: Readonly<Record<LegalFactName, string>> = {
  legalName: 'LAB_LEGAL_NAME',
  taxId: 'LAB_TAX_ID',
  domicile: 'LAB_DOMICILE',
  postalAddress: 'LAB_POSTAL_ADDRESS',
  privacyOfficer: 'LAB_PRIVACY_OFFICER',
};

/**
 * The kept pages' memory by default (decisions 083, 094): a fresh install's pages take a few MB; with many
 * articles the most read stay kept. A page keeps about 90 KB in its three encodings since pages carry only the
 * posts they show (decision 090), so 32 MB keeps some 350 pages, over five times the 60 that 64 MB kept when the
 * bound was set; the other 32 MB went to the 400 MB a lab of 2,000 articles must stay within.
 */
export const DEFAULT_PAGE_CACHE_MB = 32;

const envSchema = z.object({
  PORT: z.coerce.number().int('expected a whole number').min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://example.com' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'expected a postgres:// URL such as postgres://site:password@db:5432/site',
    })
    .optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  NODE_ENV: z.string().default('production'),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'expected an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com:465',
    })
    .optional(),
  MAIL_FROM: mailbox.default(`${siteFacts.name} <${siteFacts.email}>`),
  MAIL_TO_GENERAL: mailbox.default(defaultInbox('general')),
  MAIL_TO_DEVELOPMENT: mailbox.default(defaultInbox('development')),
  MAIL_TO_SALES: mailbox.default(defaultInbox('sales')),
  LEAD_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  LEAD_WEBHOOK_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  CRM_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  CRM_WEBHOOK_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int('expected a whole number').min(1).max(100).default(16),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int('expected a whole number').min(5).max(3600).default(300),
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: z.coerce
    .number()
    .int('expected a whole number')
    .min(1)
    .max(100_000)
    .default(DEFAULT_CONFIRMATIONS_PER_HOUR),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number()
    .int('expected a whole number')
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_NEWSLETTER_RATE_PER_MINUTE),
  NEWSLETTER_BOUNCE_LIMIT: z.coerce.number().int('expected a whole number').min(1).max(100).default(2),
  NEWSLETTER_EVENTS_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  NEWSLETTER_DRAFT_NEW_ARTICLES: z.enum(['true', 'false'], { error: 'expected true or false' }).default('false'),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0, 'expected 0 (off) or more hours')
    .max(24 * 7)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int('expected a whole number').min(1).max(1000).default(7),
  BACKUP_KEY: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, 'expected at least 32 bytes (for example: openssl rand -hex 32)')
    .optional(),
  ANALYTICS_KEY: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, 'expected at least 32 bytes (for example: openssl rand -hex 32)')
    .optional(),
  ALERT_TO: mailbox.optional(),
  ALERT_COOLDOWN_MINUTES: z.coerce.number().int('expected a whole number').min(1).max(10_080).default(60),
  ALERT_OUTBOX_FAILING_MINUTES: z.coerce.number().int('expected a whole number').min(1).max(10_080).default(30),
  ALERT_OUTBOX_FAILING_COUNT: z.coerce.number().int('expected a whole number').min(1).max(10_000).default(3),
  ALERT_OUTBOX_FAILING_PERCENT: z.coerce.number().min(0).max(99).default(20),
  ALERT_DISK_PERCENT: z.coerce.number().min(1).max(100).default(90),
  // Office minutes, at most two office days (decision 080).
  ALERT_LEAD_OWNER_MINUTES: z.coerce.number().int('expected a whole number').min(1).max(1080).default(5),
  ALERT_LEAD_OWNERS_MINUTES: z.coerce.number().int('expected a whole number').min(1).max(1080).default(30),
  MAIL_DOMAIN_CHECK: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  FORM_MIN_SECONDS: z.coerce.number().int('expected a whole number').min(0).max(3600).optional(),
  WEB_CONCURRENCY: z.coerce.number().int('expected a whole number').min(1).max(64).default(1),
  PAGE_CACHE_MB: z.coerce.number().int('expected a whole number').min(1).max(4096).default(DEFAULT_PAGE_CACHE_MB),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, 'expected at least 32 visible characters (for example: openssl rand -hex 32)')
    .optional(),
  BOOKING_API_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, 'expected at least 32 visible characters (for example: openssl rand -hex 32)')
    .optional(),
  LAB_LEGAL_NAME: identityFact.optional(),
  LAB_TAX_ID: identityFact.optional(),
  LAB_DOMICILE: identityFact.optional(),
  LAB_POSTAL_ADDRESS: identityFact.optional(),
  LAB_PRIVACY_OFFICER: identityFact.optional(),
});

export interface MailConfig {
  /** Where mail is sent through; none: messages wait in the outbox. Holds a password: never logged. */
  smtpUrl?: string;
  /** Production over smtp:// to another host: STARTTLS or nothing is sent (the policy promises encrypted connections). */
  requireTls: boolean;
  from: string;
  /** Each department's inbox for lead notifications. */
  inboxes: Record<DepartmentId, string>;
  /** Where each lead is also posted, signed with the secret. */
  webhook?: { url: string; secret: string };
  /** Where each lead's events are posted for the lab's CRM, signed with its own secret (decision 081). */
  crm?: { url: string; secret: string };
  /** Production with an http:// webhook (the lead's or the CRM's) on another host: the setting refused at start (serverConfigError). */
  plainWebhook?: 'LEAD_WEBHOOK_URL' | 'CRM_WEBHOOK_URL';
  /** Tries per message before it is marked failed. */
  maxAttempts: number;
  /** How long a worker holds a message it is sending; after a crash, the message waits this long. */
  leaseMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Origin of canonical URLs, without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  /** PostgreSQL instead of the SQLite file in dataDir. Holds a password: never logged. */
  databaseUrl?: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: false | number | string;
  /** Development re-reads the build manifest, which changes on every rebuild. */
  dev: boolean;
  /** Folder holding dist/ and public/. */
  rootDir: string;
  mail: MailConfig;
  /** Newsletter confirmation e-mails the whole site sends in an hour at most. */
  confirmationsPerHour: number;
  /**
   * Campaigns (decisions 043–045): e-mails per minute over every instance; hard bounces after which an
   * address gets none; whether each new article gets a draft campaign by itself; the key a provider's
   * bounce and complaint posts are signed with (none: no such endpoint). Never logged.
   */
  newsletter: { ratePerMinute: number; bounceLimit: number; draftNewArticles: boolean; eventsSecret?: string };
  /** Back-ups: where, how often SQLite's are scheduled, how many are kept, and how they are encrypted. */
  backup: BackupConfig;
  /** The bearer token Prometheus scrapes /metrics with; none: /metrics does not exist. Never logged. */
  metricsToken?: string;
  /** The bearer token machine clients book with (decision 088); none: the booking API answers 404. Never logged. */
  bookingApiToken?: string;
  /** The key of visitors' pseudonyms (decision 065). Never logged. */
  analytics: AnalyticsConfig;
  alerts: AlertConfig;
  /** Whether a form's e-mail domain is looked up in the DNS (decision 073): off where no resolver answers truly. */
  mailDomainCheck: boolean;
  /** The least seconds from a form's page to its post, when the form checks' settings do not say (decision 073). */
  formMinSeconds?: number;
  /** Processes serving on the port (node:cluster), 1 by default (decision 050). */
  webConcurrency: number;
  /** The kept pages' bytes at most, in each process (decision 083). */
  pageCacheBytes: number;
  /** The lab's legal identity, as far as its settings give it (see missingIdentity). */
  identity: Partial<LegalFacts>;
}

/** Back-ups (decisions 040, 042, 062). */
interface BackupConfig {
  /** The folder, DATA_DIR/backups by default. */
  dir: string;
  /** Hours between SQLite's scheduled back-ups; 0: none. */
  intervalHours: number;
  /** How many are kept, the newest, the copies restores keep counted among them. */
  keep: number;
  /** What they are encrypted with (BACKUP_KEY). Never logged. */
  key?: string;
  /** Production (NODE_ENV=production, the default) writes none without the key. */
  keyRequired: boolean;
}

/**
 * The key of the day's visitor hashes and of a lead's client hash (decision 065), kept out of the database so
 * that what the database and its back-ups hold cannot be matched to an address. ANALYTICS_KEY, which every
 * instance must share; without it, a key made for this run only (a cluster's workers share their primary's).
 */
interface AnalyticsConfig {
  key: string;
  /** Production (NODE_ENV=production, the default) without ANALYTICS_KEY: the start logs one error line. */
  keyMissing: boolean;
  /** Whether the key is the setting's, which outlives a restart (staff TOTP secrets are sealed with it, decision 071). */
  keySet: boolean;
}

/** The lab's alerts (server/alerts/, decision 041). */
export interface AlertConfig {
  /** Where they are e-mailed: ALERT_TO, else the general inbox. */
  to: string;
  /** The least time between two e-mails for the same cause. */
  cooldownMinutes: number;
  /** How long a message may keep failing to go out before it counts as failing. */
  outboxFailingMinutes: number;
  /**
   * The failing alert holds from this many messages failing, when they are more than `outboxFailingPercent` of
   * the messages tried within the hour (decision 077): one mistyped address never raises it.
   */
  outboxFailingCount: number;
  outboxFailingPercent: number;
  /** The share of the disk under DATA_DIR in use above which it is an alert. */
  diskPercent: number;
  /**
   * Office minutes a lead may wait for the staff's first action before its owner is e-mailed, and before the lab's
   * owners are (decision 080).
   */
  leadOwnerMinutes: number;
  leadOwnersMinutes: number;
}

export class ConfigError extends Error {}

/** A server on this machine: what goes to it crosses no network, so it needs no TLS. */
const onThisHost = (url: string) => /^(localhost|127(\.\d+){3}|\[::1\])$/.test(new URL(url).hostname);

/** The settings of the lab's legal identity not given, by variable name, as the console and the log name them. */
export function missingIdentity(identity: Partial<LegalFacts>): string[] {
  return legalFactNames.filter((name) => !identity[name]).map((name) => identityVariables[name]);
}

/** The whole identity, or undefined while a fact is missing: the newsletter's e-mails to readers wait for it. */
export function completeIdentity(identity: Partial<LegalFacts>): LegalFacts | undefined {
  return missingIdentity(identity).length ? undefined : (identity as LegalFacts);
}

/** Variables that may hold a password or a key: an error names them, never their value. */
const SECRET_VARIABLES = new Set([
  'SMTP_URL',
  'LEAD_WEBHOOK_SECRET',
  'CRM_WEBHOOK_SECRET',
  'DATABASE_URL',
  'METRICS_TOKEN',
  'BOOKING_API_TOKEN',
  'NEWSLETTER_EVENTS_SECRET',
  'BACKUP_KEY',
  'ANALYTICS_KEY',
]);

/** What the server may not start with in production (NODE_ENV=production, the default): one line, or undefined. */
export function serverConfigError(config: AppConfig): string | undefined {
  const plain = config.mail.plainWebhook;
  if (plain)
    return (
      `Refused ${plain}=${(plain === 'CRM_WEBHOOK_URL' ? config.mail.crm : config.mail.webhook)!.url}: ` +
      'in production a lead is posted only over https://, or over http:// to a receiver on this host (localhost)'
    );
  return undefined;
}

/** Reads the configuration; an invalid value throws one line that names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): AppConfig {
  // Empty variables count as unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const shown = SECRET_VARIABLES.has(name) ? '(value hidden)' : JSON.stringify(env[name]);
    throw new ConfigError(`Invalid ${name}=${shown}: ${issue.message}`);
  }
  const { PORT, HOST, SITE_URL, DATA_DIR, LOG_LEVEL, TRUST_PROXY, NODE_ENV } = parsed.data;
  const { LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET, CRM_WEBHOOK_URL, CRM_WEBHOOK_SECRET } = parsed.data;
  // A webhook nobody can verify would let anyone post fake leads to it.
  if (LEAD_WEBHOOK_URL && !LEAD_WEBHOOK_SECRET)
    throw new ConfigError('Missing LEAD_WEBHOOK_SECRET: LEAD_WEBHOOK_URL needs a secret to sign its posts with');
  if (CRM_WEBHOOK_URL && !CRM_WEBHOOK_SECRET)
    throw new ConfigError('Missing CRM_WEBHOOK_SECRET: CRM_WEBHOOK_URL needs a secret to sign its posts with');
  const { BACKUP_KEEP, BACKUP_INTERVAL_HOURS, SMTP_URL } = parsed.data;
  const production = NODE_ENV === 'production';
  // The privacy policy says how long back-ups are kept.
  if (BACKUP_KEEP * BACKUP_INTERVAL_HOURS > retention.backupDays * 24)
    throw new ConfigError(
      `Invalid BACKUP_KEEP=${BACKUP_KEEP}: ${BACKUP_KEEP} back-ups every ${BACKUP_INTERVAL_HOURS} hours are kept ` +
        `longer than the ${retention.backupDays} days the privacy policy says`,
    );
  return {
    port: PORT,
    host: HOST,
    siteUrl: SITE_URL ?? `http://localhost:${PORT}`,
    dataDir: path.resolve(rootDir, DATA_DIR),
    databaseUrl: parsed.data.DATABASE_URL,
    logLevel: LOG_LEVEL,
    trustProxy: TRUST_PROXY,
    dev: NODE_ENV === 'development',
    rootDir,
    confirmationsPerHour: parsed.data.NEWSLETTER_CONFIRMATIONS_PER_HOUR,
    newsletter: {
      ratePerMinute: parsed.data.NEWSLETTER_RATE_PER_MINUTE,
      bounceLimit: parsed.data.NEWSLETTER_BOUNCE_LIMIT,
      draftNewArticles: parsed.data.NEWSLETTER_DRAFT_NEW_ARTICLES === 'true',
      eventsSecret: parsed.data.NEWSLETTER_EVENTS_SECRET,
    },
    mail: {
      smtpUrl: SMTP_URL,
      requireTls: production && SMTP_URL?.startsWith('smtp:') === true && !onThisHost(SMTP_URL),
      from: parsed.data.MAIL_FROM,
      inboxes: {
        general: parsed.data.MAIL_TO_GENERAL,
        development: parsed.data.MAIL_TO_DEVELOPMENT,
        sales: parsed.data.MAIL_TO_SALES,
      },
      webhook:
        LEAD_WEBHOOK_URL && LEAD_WEBHOOK_SECRET ? { url: LEAD_WEBHOOK_URL, secret: LEAD_WEBHOOK_SECRET } : undefined,
      crm: CRM_WEBHOOK_URL && CRM_WEBHOOK_SECRET ? { url: CRM_WEBHOOK_URL, secret: CRM_WEBHOOK_SECRET } : undefined,
      plainWebhook: !production
        ? undefined
        : LEAD_WEBHOOK_URL?.startsWith('http:') && !onThisHost(LEAD_WEBHOOK_URL)
          ? 'LEAD_WEBHOOK_URL'
          : CRM_WEBHOOK_URL?.startsWith('http:') && !onThisHost(CRM_WEBHOOK_URL)
            ? 'CRM_WEBHOOK_URL'
            : undefined,
      maxAttempts: parsed.data.OUTBOX_MAX_ATTEMPTS,
      leaseMs: parsed.data.OUTBOX_LEASE_SECONDS * 1000,
    },
    backup: {
      dir: path.resolve(rootDir, parsed.data.BACKUP_DIR ?? path.join(DATA_DIR, 'backups')),
      intervalHours: BACKUP_INTERVAL_HOURS,
      keep: BACKUP_KEEP,
      key: parsed.data.BACKUP_KEY,
      keyRequired: NODE_ENV === 'production',
    },
    metricsToken: parsed.data.METRICS_TOKEN,
    bookingApiToken: parsed.data.BOOKING_API_TOKEN,
    analytics: {
      key: parsed.data.ANALYTICS_KEY ?? randomBytes(32).toString('hex'),
      keyMissing: NODE_ENV === 'production' && parsed.data.ANALYTICS_KEY === undefined,
      keySet: parsed.data.ANALYTICS_KEY !== undefined,
    },
    alerts: {
      to: parsed.data.ALERT_TO ?? parsed.data.MAIL_TO_GENERAL,
      cooldownMinutes: parsed.data.ALERT_COOLDOWN_MINUTES,
      outboxFailingMinutes: parsed.data.ALERT_OUTBOX_FAILING_MINUTES,
      outboxFailingCount: parsed.data.ALERT_OUTBOX_FAILING_COUNT,
      outboxFailingPercent: parsed.data.ALERT_OUTBOX_FAILING_PERCENT,
      diskPercent: parsed.data.ALERT_DISK_PERCENT,
      leadOwnerMinutes: parsed.data.ALERT_LEAD_OWNER_MINUTES,
      leadOwnersMinutes: parsed.data.ALERT_LEAD_OWNERS_MINUTES,
    },
    mailDomainCheck: parsed.data.MAIL_DOMAIN_CHECK === 'on',
    formMinSeconds: parsed.data.FORM_MIN_SECONDS,
    webConcurrency: parsed.data.WEB_CONCURRENCY,
    pageCacheBytes: parsed.data.PAGE_CACHE_MB * 2 ** 20,
    identity: {
      legalName: parsed.data.LAB_LEGAL_NAME,
      taxId: parsed.data.LAB_TAX_ID,
      domicile: parsed.data.LAB_DOMICILE,
      postalAddress: parsed.data.LAB_POSTAL_ADDRESS,
      privacyOfficer: parsed.data.LAB_PRIVACY_OFFICER,
    },
  };
}
