import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import { pino } from 'pino';
import { afterAll } from 'vitest';

import type { AppOptions } from '../../server/app';
import { createApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { loadConfig } from '../../server/config';
import type { SqliteDatabase } from '../../server/db';
import { openSqliteDatabase } from '../../server/db';
import type { AfterAnswer } from '../../server/http/afterAnswer';
import { createAfterAnswer } from '../../server/http/afterAnswer';
import type { Logger } from '../../server/http/logger';
import { createLogger } from '../../server/http/logger';
import { readBuildManifest } from '../bench/sizes';
import { TEST_FORM_CHECKS, TEST_IDENTITY } from './serverCommand';

export const TEST_SITE_URL = 'https://meridianlab.test';

/** A configuration like production's (the lab's identity included), with its own empty data folder. */
export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SITE_URL: TEST_SITE_URL,
    ...TEST_IDENTITY,
    ...TEST_FORM_CHECKS,
    ...env,
  });
}

export type TestApp = ReturnType<typeof createApp> & {
  db: SqliteDatabase;
  config: AppConfig;
  afterAnswer: AfterAnswer;
};

/**
 * The app on a fresh SQLite database, with the database beside it for the test to read (db.connection) and close,
 * and the work its routes do after answering, for the test to wait for (afterAnswer.settled()).
 */
export function testApp(env: NodeJS.ProcessEnv = {}, options: Partial<AppOptions> = {}): TestApp {
  const config = testConfig(env);
  const db = openSqliteDatabase(config.dataDir);
  const logger = options.logger ?? createLogger(config);
  const afterAnswer = options.afterAnswer ?? createAfterAnswer(logger);
  return Object.assign(createApp(config, { db, logger, ...options, afterAnswer }), { db, config, afterAnswer });
}

/** A logger whose lines the test can read. */
export function recordingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk.toString());
      done();
    },
  });
  return {
    logger: pino({ level: 'info', base: undefined }, stream),
    lines: () =>
      out
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** A maker of fresh apps, each on its own database, all closed after the test file. */
export function freshApps(): () => TestApp {
  const opened: TestApp[] = [];
  afterAll(() => opened.forEach((app) => app.db.close()));
  return () => {
    const app = testApp();
    opened.push(app);
    return app;
  };
}

/** The hreflang alternates of a page's head, as { lang: absolute URL }. */
export function hreflangAlternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => [
      match[1]!,
      match[2]!,
    ]),
  );
}

/** The text of each inline <script> element whose type makes the browser run it (data blocks excluded). */
export function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes))
    .filter(([, attributes = '']) => {
      const type = /\btype="([^"]*)"/.exec(attributes)?.[1]?.toLowerCase();
      return !type || type === 'module' || type.includes('javascript');
    })
    .map(([, , text = '']) => text);
}

/** The build's client entry, the one inline script a page that hydrates carries. */
export const entryScript = (): string => readBuildManifest().entryScript.code;

/** The sources one directive of a Content-Security-Policy header lists. */
export function cspSources(csp: string, directive: string): string[] {
  const found = csp.split(';').find((part) => part.trim().split(/\s+/)[0] === directive);
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

/** The CSP source that allows an inline block, computed as the browser does: sha256 over its exact text. */
export const sha256Source = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every JSON-LD block of a page, parsed, in document order. */
export const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

/** The lab's Organization structured data (a ProfessionalService), which every page carries with its footer. */
export const organizationJsonLd = (html: string) =>
  jsonLd(html).find((item) => item['@type'] === 'ProfessionalService');
