import { pino } from 'pino';

import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import { campaignStore } from '../../server/newsletter';
import { articleCampaign, publishedArticles } from '../../server/newsletter/articles';
import type { CampaignContent } from '../../server/newsletter/campaignMail';
import type { CampaignRunner } from '../../server/newsletter/campaignRunner';
import { startCampaignRunner } from '../../server/newsletter/campaignRunner';
import { startOutboxWorker } from '../../server/outbox/delivery';
import type { OutboxWorker } from '../../server/outbox/worker';
import type { Locale } from '../../shared/lib/locale';
import type { TestApp } from './helpers';
import { TEST_SITE_URL, testApp } from './helpers';
import type { MailServer } from './mailServer';
import { startMailServer } from './mailServer';
import { stopWhenDone, until } from './waits';

/** The newest published article: what the test campaigns announce (decision 067). */
/** The published article the test campaigns announce. */
export const announced = publishedArticles()[0]!;

/** A campaign's text in both languages: the newest article, with a note saying which language it is. */
export const campaignContent: Record<Locale, CampaignContent> = articleCampaign(announced.id, TEST_SITE_URL, {
  en: 'Hello in **English**.',
  es: 'Hola en **español**.',
})!;

/** The address of the n-th seeded reader, and the language it signed up in (even: English, odd: Spanish). */
export const readerAddress = (n: number) => `reader${n}@example.com`;
export const readerLocale = (n: number): Locale => (n % 2 === 0 ? 'en' : 'es');

/** Confirmed subscribers reader0 … reader{count-1}, as confirmed sign-ups leave them, in one transaction. */
export async function seedReaders(db: Database, count: number, first = 0): Promise<void> {
  const at = new Date(Date.now() - 60_000).toISOString();
  await db.transaction(async (tx) => {
    for (let n = first; n < first + count; n++)
      await tx.run(
        'INSERT INTO subscribers (email, created_at, confirmed_at, locale) VALUES (?, ?, ?, ?)',
        readerAddress(n),
        at,
        at,
        readerLocale(n),
      );
  });
}

/** A campaign written and scheduled for now, as the console's "send now" leaves it; its id. */
export async function sendNow(db: Database, config: Parameters<typeof campaignStore>[1]): Promise<number> {
  const campaigns = campaignStore(db, config);
  const id = await campaigns.create(campaignContent, announced.id);
  await campaigns.schedule(id, new Date(), 'ana@meridianlab.test');
  return id;
}

/**
 * `count` readers and a campaign to them sent now, written into the database `env` names, as the server
 * processes on it read it; when it was sent.
 */
export async function campaignToReaders(env: NodeJS.ProcessEnv, count: number): Promise<number> {
  const config = loadConfig(env);
  const db = await openDatabase(config);
  await seedReaders(db, count);
  const sentAt = Date.now();
  await sendNow(db, config);
  await db.close();
  return sentAt;
}

/**
 * The app with its outbox worker and campaign runner beside it, as main.ts starts them, sending through a
 * real SMTP server; `start: false` leaves both stopped until `start()`. What to stop goes on `cleanups`.
 */
export async function campaignApp(
  cleanups: (() => unknown)[],
  env: NodeJS.ProcessEnv = {},
  smtpOptions: Parameters<typeof startMailServer>[0] = {},
): Promise<{
  app: TestApp;
  smtp: MailServer;
  start: () => void;
  /** Once `done`, stops the runner, then the worker, which ends its sends under way: what came is all that comes. */
  stopWhenDone: (done: () => Promise<boolean>) => Promise<void>;
}> {
  const smtp = await startMailServer(smtpOptions);
  let worker: OutboxWorker | undefined;
  let runner: CampaignRunner | undefined;
  const app = testApp(
    { NEWSLETTER_RATE_PER_MINUTE: '600000', ...env, SMTP_URL: smtp.url },
    { wakeOutbox: () => worker?.wake(), wakeCampaigns: () => runner?.wake() },
  );
  const logger = pino({ level: 'silent' });
  const start = () => {
    worker = startOutboxWorker({ db: app.db, config: app.config, logger, ...app.outbox, pollMs: 50 });
    runner = startCampaignRunner({
      store: campaignStore(app.db, app.config),
      wakeOutbox: () => worker!.wake(),
      logger,
      pollMs: 50,
    });
  };
  cleanups.push(
    () => smtp.stop(),
    () => app.db.close(),
    () => worker?.stop(),
    () => runner?.stop(),
  );
  return {
    app,
    smtp,
    start,
    stopWhenDone: async (done) => {
      await until('the campaigns to have nothing left to send', done);
      await runner?.stop();
      if (worker) await stopWhenDone(worker);
    },
  };
}
