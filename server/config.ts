import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Express's "trust proxy": false, a hop count, or a list of the proxies'
 * addresses and subnets. Never true: that believes any X-Forwarded-For a
 * client sends, so anyone could pick their own address and walk past the rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .refine((value) => value !== 'true', 'true trusts any client\'s X-Forwarded-For; use the number of proxies in front (such as 1) or their addresses')
  .regex(/^(false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'expected false, a hop count or a list of addresses')
  .transform((value): false | number | string => {
    if (value === 'false') return false;
    return /^\d+$/.test(value) ? Number(value) : value;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int('expected a whole number').min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://example.com' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  NODE_ENV: z.string().default('production'),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Origin of canonical URLs, without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: false | number | string;
  /** Development re-reads the build manifest, which changes on every rebuild. */
  dev: boolean;
  /** Folder holding dist/ and public/. */
  rootDir: string;
}

export class ConfigError extends Error {}

/** Reads the configuration; an invalid value throws one line that names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): AppConfig {
  // Empty variables count as unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const { PORT, HOST, SITE_URL, DATA_DIR, LOG_LEVEL, TRUST_PROXY, NODE_ENV } = parsed.data;
  return {
    port: PORT,
    host: HOST,
    siteUrl: SITE_URL ?? `http://localhost:${PORT}`,
    dataDir: path.resolve(rootDir, DATA_DIR),
    logLevel: LOG_LEVEL,
    trustProxy: TRUST_PROXY,
    dev: NODE_ENV === 'development',
    rootDir,
  };
}
