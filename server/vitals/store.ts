import type { DeviceClass } from '../../shared/lib/vitals';
import type { Database } from '../db';
import { addCount, addToBucket } from '../db/dailyCounts';
import { bucketOf } from './histogram';
import type { MetricName } from './metrics';

/**
 * The samples kept a day, all pages together; the rest of the day's are dropped (decision 034). A p75
 * from this many is as steady as it gets; the cap bounds the table against a flood of beacons.
 */
export const DAILY_SAMPLE_CAP = 20_000;
/** The series of the day's count of samples received, kept or not: the cap is checked against it. */
const RECEIVED_SERIES = 'samples';

interface VitalSample {
  name: MetricName;
  value: number;
}

/** One beacon, checked: its page as a label (a route pattern, or "(other)"), the device class and its samples. */
interface Beacon {
  label: string;
  device: DeviceClass;
  samples: readonly VitalSample[];
}

interface StoredBeacon {
  /** The samples counted: fewer than sent once the day's cap is reached. */
  kept: number;
  /** True for the one beacon a day whose samples are the first dropped: the cap is logged then. */
  capReached: boolean;
}

export interface VitalsStore {
  /** Counts a beacon's samples in the day's histograms: nothing else of the visit is kept. */
  add(beacon: Beacon, receivedAt?: Date): Promise<StoredBeacon>;
}

/** Field measurements from visitors' browsers, as per-day histograms for the staff, never as rows or log lines. */
export function createVitalsStore(db: Database, cap = DAILY_SAMPLE_CAP): VitalsStore {
  return {
    add({ label, device, samples }, receivedAt = new Date()) {
      const day = receivedAt.toISOString().slice(0, 10);
      return db.transaction(async (tx) => {
        // The day's total first: its row's lock makes concurrent beacons take their turns against the cap.
        const received = await addCount(tx, { day, series: RECEIVED_SERIES, label: '', device: '' }, samples.length);
        const before = received - samples.length;
        const kept = Math.max(0, Math.min(samples.length, cap - before));
        for (const { name, value } of samples.slice(0, kept))
          await addToBucket(tx, {
            engine: db.engine,
            key: { day, series: name, label, device },
            bucket: bucketOf(name, value),
            count: 1,
          });
        return { kept, capReached: before <= cap && received > cap };
      });
    },
  };
}
