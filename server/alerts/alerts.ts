import type { Database } from '../db';
import type { Logger } from '../http/logger';
import { runEvery } from '../lib/periodic';
import type { OutboxKind } from '../outbox/kinds';
import type { OutboxStore } from '../outbox/store';
import type { ActiveAlert, AlertName, AlertSettings } from './conditions';
import { activeAlerts } from './conditions';

/** Every alert e-mail: one kind, for the composition root to register with the outbox. */
const alertKind = { name: 'alert', channel: 'mail' } as const satisfies OutboxKind;
export const alertKinds: readonly OutboxKind[] = [alertKind];

/** How often the scheduled check looks (decision 041): a lead's promise is hours, a full disk minutes away. */
const CHECK_EVERY_MS = 60_000;

/**
 * Claims the cause's next e-mail: one statement that inserts the cause, or moves its time on when the last
 * e-mail is older than the cool-down; no row back: still cooling down. Atomic on both engines: of two
 * instances checking at once, PostgreSQL makes the second wait for the first's row and then finds it fresh.
 */
const CLAIM = `INSERT INTO alerts_fired (cause, fired_at) VALUES (?, ?)
  ON CONFLICT (cause) DO UPDATE SET fired_at = excluded.fired_at WHERE alerts_fired.fired_at <= ?
  RETURNING cause`;

export interface AlertOptions {
  outbox: OutboxStore;
  /** Called once an alert e-mail is committed: the worker sends it now. */
  committed(): void;
  /** Told of each alert e-mail queued (the metrics count them). */
  fired?(name: AlertName): void;
}

export interface Alerts {
  /** The alerts active now, for the console's top bar. */
  active(now?: Date): Promise<ActiveAlert[]>;
  /** Queues an e-mail for each active alert whose cause is out of its cool-down; returns the causes e-mailed. */
  check(now?: Date): Promise<string[]>;
  /** Checks now and then every minute, beside the app (main.ts); stop() ends it (on drain) once a check under way ends. */
  start(logger: Logger): { stop(): Promise<void> };
}

/** The lab's alerts, e-mailed to `settings.to` through the outbox, each cause at most once per cool-down. */
export function createAlerts(db: Database, settings: AlertSettings, options: AlertOptions): Alerts {
  const cooldownMs = settings.cooldownMinutes * 60_000;
  const active = (now = new Date()) => activeAlerts(db, settings, now);
  const check = async (now = new Date()) => {
    const fired: string[] = [];
    const cooledDown = new Date(now.getTime() - cooldownMs).toISOString();
    // A row past its cool-down says nothing a missing row does not: gone, with the staff address a lock's names.
    await db.run('DELETE FROM alerts_fired WHERE fired_at <= ?', cooledDown);
    for (const alert of await active(now)) {
      const claimed = await db.transaction(async (tx) => {
        const row = await tx.get(CLAIM, alert.cause, now.toISOString(), cooledDown);
        if (row)
          await options.outbox.enqueue({ kind: alertKind.name, mail: { to: settings.to, ...alert.mail } }, now, tx);
        return row !== undefined;
      });
      if (!claimed) continue;
      fired.push(alert.cause);
      options.fired?.(alert.name);
    }
    if (fired.length > 0) options.committed();
    return fired;
  };
  return {
    active,
    check,
    start(logger) {
      return runEvery(
        CHECK_EVERY_MS,
        async () => {
          const causes = await check();
          if (causes.length > 0) logger.warn({ causes }, 'alerts queued');
        },
        (error) => logger.error({ err: error }, 'alert check failed'),
      );
    },
  };
}
