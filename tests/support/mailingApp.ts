import { pino } from 'pino';

import type { Metrics } from '../../server/http/metrics';
import { createMetrics } from '../../server/http/metrics';
import { startOutboxWorker } from '../../server/outbox/delivery';
import type { TestApp } from './helpers';
import { TEST_SITE_URL, testApp } from './helpers';
import type { MailServer } from './mailServer';
import { startMailServer } from './mailServer';
import { stopWhenDone } from './waits';

/**
 * An app that sends its outbox through a real SMTP server the test reads (refusing the addresses `smtpOptions`
 * names), as main.ts does; what to stop afterwards goes on `cleanups`.
 */
export async function mailingApp(
  cleanups: (() => unknown)[],
  env: NodeJS.ProcessEnv = {},
  smtpOptions: Parameters<typeof startMailServer>[0] = {},
): Promise<{
  app: TestApp;
  smtp: MailServer;
  /** The app's metrics, which count the worker's attempts. */
  metrics: Metrics;
  /** Once nothing is left queued, stops the worker, which ends its sends under way: what came is all that comes. */
  stopWhenDone: () => Promise<void>;
}> {
  const smtp = await startMailServer(smtpOptions);
  const metrics = createMetrics();
  const app = testApp({ ...env, SMTP_URL: smtp.url }, { wakeOutbox: () => worker.wake(), metrics });
  const worker = startOutboxWorker({
    db: app.db,
    config: app.config,
    logger: pino({ level: 'silent' }),
    ...app.outbox,
    pollMs: 50,
  });
  cleanups.push(
    () => smtp.stop(),
    () => app.db.close(),
    () => worker.stop(),
  );
  const nothingQueued = () =>
    (app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE status = 'queued'").get() as { n: number }).n ===
    0;
  return { app, smtp, metrics, stopWhenDone: () => stopWhenDone(worker, nothingQueued) };
}

/** The absolute link to `path` with its token in an e-mail's text. */
export const linkIn = (text: string, path: string) =>
  new RegExp(`${TEST_SITE_URL}${path}\\?token=[\\w.-]+`).exec(text)?.[0];
