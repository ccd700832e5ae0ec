/** The lab's alerts: e-mailed to ALERT_TO when a promise is at risk, and shown in the console's alert bar. */
import type { AppConfig } from '../config';
import type { ConsoleSection } from '../console/console';
import type { Role } from '../console/roles';
import type { Database } from '../db';
import type { Metrics } from '../http/metrics';
import { createOutbox } from '../outbox/delivery';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import type { Alerts } from './alerts';
import { alertKinds, createAlerts } from './alerts';
import { outboxSection } from './outboxRoutes';

/** The alerts over a database, e-mailed through its outbox and counted (a test builds them on their own). */
export function appAlerts(db: Database, config: AppConfig, metrics: Metrics, wakeOutbox: () => void): Alerts {
  return createAlerts(
    db,
    { ...config.alerts, dataDir: config.dataDir, siteUrl: config.siteUrl },
    { outbox: createOutbox(db, config), committed: wakeOutbox, fired: (alert) => metrics.alertsFired.inc({ alert }) },
  );
}

interface LabAlerts extends Feature {
  alerts: Alerts;
  /** Checks now (a sign-in lock): a failed check is logged, and the next scheduled one retries. */
  checkNow: () => Promise<void>;
  /** The console's page of failed messages, each for the roles that handle its kind (app.ts knows them all). */
  outboxSection: (handlers: (kind: string) => readonly Role[]) => ConsoleSection;
}

export function alerts(site: Site): LabAlerts {
  const { db, config, metrics, wakeOutbox } = site;
  const checked = appAlerts(db, config, metrics, wakeOutbox);
  return {
    alerts: checked,
    checkNow: () =>
      checked.check().then(
        () => undefined,
        (error: unknown) => site.logger.error({ err: error }, 'alert check failed'),
      ),
    outboxSection: (handlers) => outboxSection({ db, outbox: site.outbox, wakeOutbox, handlers }),
    outbox: { kinds: alertKinds },
    // Checked at start, then every minute; a sign-in lock checks them at once, in any process.
    jobs: [{ what: 'alert checks', place: 'once for the site', start: () => checked.start(site.logger) }],
  };
}
