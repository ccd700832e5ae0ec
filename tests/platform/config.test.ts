import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { ConfigError, loadConfig, serverConfigError } from '../../server/config';
import { TEST_ANALYTICS_KEY } from '../support/serverCommand';

describe('loadConfig', () => {
  it('has safe defaults for local use', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000',
      dataDir: path.resolve('/srv/site', 'data'),
      logLevel: 'info',
      trustProxy: false,
      dev: false,
      pageCacheBytes: 32 * 2 ** 20, // a lab of 2,000 articles within 400 MB (decision 094)
    });
  });

  it('bounds the kept pages by PAGE_CACHE_MB, in bytes', () => {
    expect(loadConfig({ PAGE_CACHE_MB: '200' }).pageCacheBytes).toBe(200 * 2 ** 20);
  });

  it('reads every variable and drops a trailing slash from SITE_URL', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        SITE_URL: 'https://meridianlab.dev/',
        DATA_DIR: '/var/lib/site',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      siteUrl: 'https://meridianlab.dev',
      dataDir: '/var/lib/site',
      logLevel: 'warn',
      trustProxy: 1,
    });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid TRUST_PROXY="true": .*number of proxies/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SITE_URL', 'not a url'],
    ['SITE_URL', 'ftp://meridianlab.dev'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes please'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Lab <lab@example.com>\r\nBcc: x@example.com'],
    ['MAIL_TO_SALES', 'sales'],
    ['LEAD_WEBHOOK_URL', 'ftp://hooks.example.com'],
    ['OUTBOX_MAX_ATTEMPTS', '0'],
    ['OUTBOX_LEASE_SECONDS', '1'],
    ['PAGE_CACHE_MB', '0'],
    ['PAGE_CACHE_MB', 'lots'],
  ])('stops on an invalid %s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid ${name}=`));
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it("reads the mail settings, with the departments' inboxes and a day of retries by default", () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      requireTls: false,
      from: 'Meridian Lab <hello@meridianlab.dev>',
      inboxes: { general: 'hello@meridianlab.dev', development: 'dev@meridianlab.dev', sales: 'sales@meridianlab.dev' },
      webhook: undefined,
      crm: undefined,
      plainWebhook: undefined,
      maxAttempts: 16,
      leaseMs: 300_000,
    });
    const secret = 's'.repeat(32);
    const mail = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'website@example.com',
      MAIL_TO_SALES: 'Sales Team <team@example.com>',
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
      LEAD_WEBHOOK_SECRET: secret,
      CRM_WEBHOOK_URL: 'https://crm.example.com/hooks/meridian',
      CRM_WEBHOOK_SECRET: 'c'.repeat(32),
      OUTBOX_MAX_ATTEMPTS: '5',
      OUTBOX_LEASE_SECONDS: '60',
    }).mail;
    expect(mail).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'website@example.com',
      maxAttempts: 5,
      leaseMs: 60_000,
    });
    expect(mail.inboxes.sales).toBe('Sales Team <team@example.com>');
    expect(mail.webhook).toEqual({ url: 'https://hooks.example.com/leads', secret });
    // The CRM's events go to their own address, signed with their own secret (decision 081).
    expect(mail.crm).toEqual({ url: 'https://crm.example.com/hooks/meridian', secret: 'c'.repeat(32) });
  });

  it('sends alerts to the general inbox unless ALERT_TO says otherwise, and reads their limits', () => {
    expect(loadConfig({}).alerts).toEqual({
      to: 'hello@meridianlab.dev',
      cooldownMinutes: 60,
      outboxFailingMinutes: 30,
      outboxFailingCount: 3,
      outboxFailingPercent: 20,
      diskPercent: 90,
      leadOwnerMinutes: 5,
      leadOwnersMinutes: 30,
    });
    expect(loadConfig({ MAIL_TO_GENERAL: 'office@example.com' }).alerts.to).toBe('office@example.com');
    expect(
      loadConfig({
        MAIL_TO_GENERAL: 'office@example.com',
        ALERT_TO: 'Ops <ops@example.com>',
        ALERT_COOLDOWN_MINUTES: '240',
        ALERT_OUTBOX_FAILING_MINUTES: '15',
        ALERT_OUTBOX_FAILING_COUNT: '5',
        ALERT_OUTBOX_FAILING_PERCENT: '50',
        ALERT_DISK_PERCENT: '80',
        ALERT_LEAD_OWNER_MINUTES: '10',
        ALERT_LEAD_OWNERS_MINUTES: '60',
      }).alerts,
    ).toEqual({
      to: 'Ops <ops@example.com>',
      cooldownMinutes: 240,
      outboxFailingMinutes: 15,
      outboxFailingCount: 5,
      outboxFailingPercent: 50,
      diskPercent: 80,
      leadOwnerMinutes: 10,
      leadOwnersMinutes: 60,
    });
    for (const [name, value] of [
      ['ALERT_TO', 'ops@example.com\r\nBcc: x@example.com'],
      ['ALERT_COOLDOWN_MINUTES', '0'],
      ['ALERT_OUTBOX_FAILING_MINUTES', 'soon'],
      ['ALERT_OUTBOX_FAILING_COUNT', '0'],
      ['ALERT_OUTBOX_FAILING_PERCENT', '100'],
      ['ALERT_DISK_PERCENT', '101'],
      ['ALERT_LEAD_OWNER_MINUTES', '0'],
      ['ALERT_LEAD_OWNERS_MINUTES', '1081'],
    ])
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`^Invalid ${name}=`));
  });

  it('never shows a password or a secret in its error, and wants a secret for a webhook', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).toThrow(
      /^Invalid SMTP_URL=\(value hidden\): expected an smtp/,
    );
    expect(() => loadConfig({ LEAD_WEBHOOK_SECRET: 'hunter2' })).toThrow(
      /^Invalid LEAD_WEBHOOK_SECRET=\(value hidden\)/,
    );
    expect(() => loadConfig({ LEAD_WEBHOOK_URL: 'https://hooks.example.com' })).toThrow(/^Missing LEAD_WEBHOOK_SECRET/);
    expect(() => loadConfig({ CRM_WEBHOOK_SECRET: 'hunter2' })).toThrow(/^Invalid CRM_WEBHOOK_SECRET=\(value hidden\)/);
    expect(() => loadConfig({ CRM_WEBHOOK_URL: 'https://crm.example.com' })).toThrow(/^Missing CRM_WEBHOOK_SECRET/);
    expect(() => loadConfig({ BACKUP_KEY: 'too-short-a-key' })).toThrow(
      /^Invalid BACKUP_KEY=\(value hidden\): expected at least 32 bytes/,
    );
  });

  it('requires a back-up key in production only, and reads it whole', () => {
    const key = 'a'.repeat(64);
    expect(loadConfig({}).backup).toMatchObject({ key: undefined, keyRequired: true });
    expect(loadConfig({ NODE_ENV: 'production', BACKUP_KEY: key }).backup).toMatchObject({ key, keyRequired: true });
    expect(loadConfig({ NODE_ENV: 'development' }).backup.keyRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).backup.keyRequired).toBe(false);
  });

  it('wants TLS for the mail server and https for the webhook in production, unless they run on this host', () => {
    const production = { NODE_ENV: 'production', ...TEST_ANALYTICS_KEY, LEAD_WEBHOOK_SECRET: 'w'.repeat(32) };
    const requireTls = (SMTP_URL: string, env = production) => loadConfig({ ...env, SMTP_URL }).mail.requireTls;
    expect(requireTls('smtp://user:pass@mail.example.com:587')).toBe(true);
    expect(requireTls('smtp://127.0.0.1:2525')).toBe(false);
    expect(requireTls('smtp://localhost:25')).toBe(false);
    expect(requireTls('smtps://user:pass@mail.example.com:465')).toBe(false);
    expect(requireTls('smtp://mail.example.com:587', { ...production, NODE_ENV: 'development' })).toBe(false);
    const refused = (LEAD_WEBHOOK_URL: string, env = production) =>
      serverConfigError(loadConfig({ ...env, LEAD_WEBHOOK_URL }));
    expect(refused('http://hooks.example.com/leads')).toBe(
      'Refused LEAD_WEBHOOK_URL=http://hooks.example.com/leads: in production a lead is posted only over https://, ' +
        'or over http:// to a receiver on this host (localhost)',
    );
    expect(refused('https://hooks.example.com/leads')).toBeUndefined();
    expect(refused('http://127.0.0.1:9000/leads')).toBeUndefined();
    expect(refused('http://hooks.example.com/leads', { ...production, NODE_ENV: 'test' })).toBeUndefined();
    const crm = { ...production, CRM_WEBHOOK_SECRET: 'c'.repeat(32) };
    expect(serverConfigError(loadConfig({ ...crm, CRM_WEBHOOK_URL: 'http://crm.example.com/hooks' }))).toMatch(
      /^Refused CRM_WEBHOOK_URL=http:\/\/crm\.example\.com\/hooks: in production/,
    );
    expect(serverConfigError(loadConfig({ ...crm, CRM_WEBHOOK_URL: 'https://crm.example.com/hooks' }))).toBeUndefined();
  });

  it('keeps back-ups no longer than the privacy policy says', () => {
    expect(loadConfig({ BACKUP_KEEP: '14', BACKUP_INTERVAL_HOURS: '12' }).backup).toMatchObject({ keep: 14 });
    expect(() => loadConfig({ BACKUP_KEEP: '8' })).toThrow(
      /^Invalid BACKUP_KEEP=8: 8 back-ups every 24 hours are kept longer than the 7 days the privacy policy says$/,
    );
  });
});

describe('compose.yaml', () => {
  it('keeps only the newest 30 MB of each container’s logs, as the privacy policy says', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const compose = parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { logging?: unknown }>;
    };
    for (const [name, service] of Object.entries(compose.services))
      expect(service.logging, name).toEqual({ driver: 'local', options: { 'max-size': '10m', 'max-file': '3' } });
    const policy = (language: string) =>
      fs.readFileSync(path.join(root, 'shared/content/legal', language, 'privacy.md'), 'utf8');
    expect(policy('')).toContain('only its newest 30 MB of logs');
    expect(policy('es')).toContain('solo sus 30 MB de registros más recientes');
  });
});
