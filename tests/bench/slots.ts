// npm run bench -- --only=slots: the free times of the intro call (decision 088) with 3 people, 60 days and 1,000
// busy intervals from their calendar feeds, read as the API and the page read them (the people, the settings, the
// bookings and the feeds from a SQLite file, then the engine): the p95 of 200 answers, beside its 50 ms limit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { callTakers } from '../../server/booking/people';
import { DEFAULT_SETTINGS, readSettings, writeSettings } from '../../server/booking/settings';
import { slotsFor } from '../../server/booking/store';
import { openSqliteDatabase } from '../../server/db';
import { addAccount } from '../support/staffHelpers';

const RUNS = 200;
/** Answers first given and not counted: a running server has compiled its code long before. */
const WARM_UP = 20;
const DAY = 86_400_000;
const BUSY = 1000;
/** Each office's working week: Monday to Friday, 09:00 to 17:00 on the person's clock. */
const WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { from: '09:00', to: '17:00' }]),
);

export interface SlotFigures {
  people: number;
  days: number;
  busyIntervals: number;
  slots: number;
  medianMs: number;
  p95Ms: number;
}

export async function measureSlots(): Promise<SlotFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-slots-'));
  const db = openSqliteDatabase(dir);
  try {
    const offices = [
      ['Miami', 'America/New_York'],
      ['New York', 'America/New_York'],
      ['Bogota', 'America/Bogota'],
    ] as const;
    for (const [at, [office, timeZone]] of offices.entries())
      await addAccount(db, `person${at}@meridianlab.test`, undefined, {
        ...{ role: 'sales', name: `Person ${at}`, office, languages: ['en', 'es'], timeZone, hours: WEEK },
      });
    await writeSettings(db, { ...DEFAULT_SETTINGS, horizonDays: 60, noticeMinutes: 0 });
    const now = Date.now();
    const people = await callTakers(db);
    // 1,000 busy hours spread over the 60 days, a third per person.
    for (const person of people) {
      const busy = Array.from({ length: Math.ceil(BUSY / people.length) }, (_, n) => {
        const start = now + Math.floor((n * 60 * DAY) / (BUSY / people.length)) + person.id * 3_600_000;
        return [start, start + 3_600_000];
      }).slice(0, BUSY / people.length + (person.id === people[0]!.id ? BUSY % people.length : 0));
      await db.run(
        'INSERT INTO booking_feeds (person_id, url, busy) VALUES (?, ?, ?)',
        person.id,
        'https://x',
        JSON.stringify(busy),
      );
    }
    const times: number[] = [];
    let count = 0;
    for (let run = -WARM_UP; run < RUNS; run += 1) {
      const started = performance.now();
      const slots = await slotsFor(db, await callTakers(db), await readSettings(db), {
        ...{ from: now, to: now + 60 * DAY, language: 'en', now },
      });
      if (run >= 0) times.push(performance.now() - started);
      count = slots.length;
    }
    times.sort((a, b) => a - b);
    const at = (share: number) =>
      Number(times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(1));
    return { people: people.length, days: 60, busyIntervals: BUSY, slots: count, medianMs: at(0.5), p95Ms: at(0.95) };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
