import { retention } from '../../shared/content/retention';
import type { VisitContext } from '../../shared/lib/vitals';
import type { Database } from '../db';

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
  add(route: string, samples: readonly VitalSample[], visit?: VisitContext, receivedAt?: Date): Promise<void>;
}

/** Field measurements from visitors' browsers, kept as rows for the staff, never as log lines. */
export function createVitalsStore(db: Database): VitalsStore {
  let purgedAt = 0;
  return {
    add(route, samples, visit = {}, receivedAt = new Date()) {
      return db.transaction(async (tx) => {
        if (receivedAt.getTime() - purgedAt > PURGE_EVERY_MS) {
          purgedAt = receivedAt.getTime();
          await tx.run(
            'DELETE FROM vitals WHERE received_at < ?',
            new Date(receivedAt.getTime() - VITALS_RETENTION_DAYS * 86_400_000).toISOString(),
          );
        }
        for (const sample of samples) {
          await tx.run(
            `INSERT INTO vitals (received_at, route, metric, value, rating, navigation_type, connection_type, device_class)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
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
