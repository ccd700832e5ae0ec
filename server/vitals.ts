import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './db';
import type { VisitContext } from '../shared/lib/vitals';
import { retention } from '../shared/content/retention';

/** Field measurements are kept this long, then deleted. */
export const VITALS_RETENTION_DAYS = retention.vitalsDays;
/** The old rows are swept on insert, at most this often. */
const PURGE_EVERY_MS = 60 * 60_000;

export interface VitalSample {
  name: 'CLS' | 'INP' | 'LCP' | 'FCP' | 'TTFB';
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  navigationType?: string;
}

export interface VitalsStore {
  /** Stores one page's beacon: measurements and the kind of visit only, nothing that identifies the visitor. */
  add(route: string, samples: readonly VitalSample[], visit?: VisitContext, receivedAt?: Date): void;
}

/** Field measurements from visitors' browsers, kept as rows for the staff, never as log lines. */
export function createVitalsStore(db: DatabaseSync): VitalsStore {
  const insert = db.prepare(
    `INSERT INTO vitals (received_at, route, metric, value, rating, navigation_type, connection_type, device_class)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const purge = db.prepare('DELETE FROM vitals WHERE received_at < ?');
  let purgedAt = 0;
  return {
    add(route, samples, visit = {}, receivedAt = new Date()) {
      inTransaction(db, () => {
        if (receivedAt.getTime() - purgedAt > PURGE_EVERY_MS) {
          purge.run(new Date(receivedAt.getTime() - VITALS_RETENTION_DAYS * 86_400_000).toISOString());
          purgedAt = receivedAt.getTime();
        }
        for (const sample of samples) {
          insert.run(
            receivedAt.toISOString(),
            route,
            sample.name,
            sample.value,
            sample.rating,
            sample.navigationType ?? null,
            visit.connection ?? null,
            visit.device ?? null,
          );
        }
      });
    },
  };
}
