import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import { createAfterAnswer } from '../../server/http/afterAnswer';
import { createLogger } from '../../server/http/logger';
import { ALWAYS } from '../support/booking';
import { postgresDatabase } from '../support/engines';
import { tokenIn } from '../support/formGuard';
import { testConfig } from '../support/helpers';
import { addAccount } from '../support/staffHelpers';

const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

/** An instance of the site on the PostgreSQL database at `url`: its own pool, as another process would have. */
async function instance(url: string) {
  const config = testConfig({ DATABASE_URL: url, TRUST_PROXY: '1' });
  const db = await openDatabase(config);
  opened.push(db);
  const logger = createLogger(config);
  return { app: createApp(config, { db, logger, afterAnswer: createAfterAnswer(logger) }), db };
}

describe('one booking a slot on PostgreSQL', () => {
  it('50 simultaneous requests over two instances for one slot with one person free give exactly one booking', async () => {
    const url = await postgresDatabase();
    const [a, b] = [await instance(url), await instance(url)];
    await addAccount(a.db, 'lucia@meridianlab.test', undefined, {
      ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es'] },
      ...{ timeZone: 'America/Bogota', hours: ALWAYS },
    });
    const choice = { topic: 'other', lang: 'es', office: '', tz: 'America/Bogota' };
    const page = await request(a.app).get('/es/reservar').query(choice);
    const slot = /name="slot" value="(\d+\.bogota)"/.exec(page.text)![1]!;
    // The page token the slots' page carried, as a person's browser sends it back (decision 088).
    const token = tokenIn(page.text);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, at) =>
        request(at % 2 === 0 ? a.app : b.app)
          .post('/es/reservar')
          .type('form')
          .set('X-Forwarded-For', `198.51.100.${at + 1}`)
          .send({
            ...choice,
            formToken: token,
            slot,
            name: 'Ana',
            email: `racer${at}@example.com`,
            company: 'Sol',
            phone: '',
            message: '',
          }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    const taken = answers.filter((answer) => answer.status === 409);
    expect(taken).toHaveLength(49);
    expect(taken[0]!.text).toContain('Esa hora se acaba de reservar');
    const rows = await a.db.all<{ n: number }>('SELECT count(*) AS n FROM bookings');
    expect(Number(rows[0]!.n)).toBe(1);
    // And the constraint refuses an overlap written past the application's check.
    const existing = (await a.db.get<Record<string, string>>('SELECT * FROM bookings'))!;
    await expect(
      a.db.run(
        `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic,
           locale, time_zone, name, email, company, created_at, updated_at)
         VALUES ('x@test', ?, ?, 'confirmed', ?, ?, ?, 'Bogota', 'other', 'es', 'UTC', 'X', 'x@example.com', 'X', '', '')`,
        existing.person_id!,
        existing.person_email!,
        existing.start_at!,
        existing.end_at!,
        existing.block_end_at!,
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });
});
