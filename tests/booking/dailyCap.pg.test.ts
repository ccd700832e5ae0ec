import { afterAll, describe, expect, it, vi } from 'vitest';

import { createApp } from '../../server/app';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import { createAfterAnswer } from '../../server/http/afterAnswer';
import { createLogger } from '../../server/http/logger';
import { addLucia, bookAt } from '../support/booking';
import { postgresDatabase } from '../support/engines';
import type { TestApp } from '../support/helpers';
import { testConfig } from '../support/helpers';

const HOUR = 3_600_000;
const T0 = Date.parse('2027-03-01T12:00:00Z');
const WEDNESDAY_9_BOGOTA = Date.parse('2027-03-03T14:00:00Z');

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  vi.useRealTimers();
});

/** An instance of the site on the PostgreSQL database at `url`: its own pool, as another process would have. */
async function instance(url: string) {
  const config = testConfig({ DATABASE_URL: url, TRUST_PROXY: '1' });
  const db = await openDatabase(config);
  opened.push(db);
  const logger = createLogger(config);
  return Object.assign(createApp(config, { db, logger, afterAnswer: createAfterAnswer(logger) }), { db }) as TestApp;
}

describe('the daily cap on PostgreSQL', () => {
  it('two instances booking one person at many times of one day at once give at most the cap', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const url = await postgresDatabase();
    const [a, b] = [await instance(url), await instance(url)];
    await addLucia(a.db);
    const starts = Array.from({ length: 12 }, (_, at) => WEDNESDAY_9_BOGOTA + at * HOUR);
    const answers = await Promise.all(
      starts.map((start, at) =>
        bookAt(at % 2 === 0 ? a : b, start, { email: `cap${at}@example.com` }).then(
          () => 'booked',
          () => 'refused',
        ),
      ),
    );
    expect(answers.filter((answer) => answer === 'booked')).toHaveLength(6);
    const rows = await a.db.all<{ n: number }>("SELECT count(*) AS n FROM bookings WHERE status = 'confirmed'");
    expect(Number(rows[0]!.n)).toBe(6);
  });
});
