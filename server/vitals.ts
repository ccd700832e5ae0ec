import type { DatabaseSync } from 'node:sqlite';

export interface VitalSample {
  name: 'CLS' | 'INP' | 'LCP' | 'FCP' | 'TTFB';
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  navigationType?: string;
}

export interface VitalsStore {
  /** Stores one page's beacon: measurements only, nothing that identifies the visitor. */
  add(route: string, samples: readonly VitalSample[], receivedAt?: Date): void;
}

/** Field measurements from visitors' browsers, kept as rows for the staff, never as log lines. */
export function createVitalsStore(db: DatabaseSync): VitalsStore {
  const insert = db.prepare(
    'INSERT INTO vitals (received_at, route, metric, value, rating, navigation_type) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    add(route, samples, receivedAt = new Date()) {
      db.exec('BEGIN');
      try {
        for (const sample of samples) {
          insert.run(receivedAt.toISOString(), route, sample.name, sample.value, sample.rating, sample.navigationType ?? null);
        }
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}
