import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { EVENTS_PATH } from '../../server/newsletter/eventRoutes';
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../server/outbox/webhook';
import { exportPersonalData } from '../../server/privacy/personalData';
import { createSuppressions } from '../../server/privacy/suppressions';
import { readerAddress, seedReaders } from '../support/campaigns';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';

const SECRET = 'e'.repeat(40);
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A provider's post, signed as decision 028 says, or with what `override` changes. */
function post(app: TestApp, event: object, delivery: string, override: { secret?: string; at?: number } = {}) {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor((override.at ?? Date.now()) / 1000));
  return request(app)
    .post(EVENTS_PATH)
    .set('Content-Type', 'application/json')
    .set(TIMESTAMP_HEADER, timestamp)
    .set(DELIVERY_HEADER, delivery)
    .set(SIGNATURE_HEADER, signWebhook(override.secret ?? SECRET, timestamp, delivery, body))
    .send(body);
}

const state = (app: TestApp, n: number) =>
  app.db.get<{ hard_bounces: number; unsubscribed_at: string | null }>(
    'SELECT hard_bounces, unsubscribed_at FROM subscribers WHERE email = ?',
    readerAddress(n),
  );

describe('the signed endpoint for a provider’s bounces and complaints', () => {
  it('counts a signed bounce once per delivery, unsubscribes on a complaint, and refuses anything unsigned, old or malformed', async () => {
    const app = testApp({ NEWSLETTER_EVENTS_SECRET: SECRET });
    cleanups.push(() => app.db.close());
    await seedReaders(app.db, 2);

    const bounce = { type: 'bounce', email: readerAddress(0) };
    expect((await post(app, bounce, 'evt-1')).body).toEqual({ result: 'recorded' });
    // The provider's retry of the same delivery is acknowledged, not counted again.
    expect((await post(app, bounce, 'evt-1')).body).toEqual({ result: 'duplicate' });
    expect(await state(app, 0)).toEqual({ hard_bounces: 1, unsubscribed_at: null });
    expect((await post(app, bounce, 'evt-2')).body).toEqual({ result: 'recorded' });
    expect((await state(app, 0))!.hard_bounces).toBe(2);
    // What is held about the address, its bounces included, is what its owner may ask to see.
    expect((await exportPersonalData(app.db, readerAddress(0))).subscription).toMatchObject({
      hard_bounces: 2,
      bounced_at: expect.any(String),
      locale: 'en',
    });

    expect((await post(app, { type: 'complaint', email: readerAddress(1) }, 'evt-3')).body).toEqual({
      result: 'recorded',
    });
    expect((await state(app, 1))!.unsubscribed_at).toEqual(expect.any(String));
    expect((await post(app, { type: 'bounce', email: 'nobody@example.com' }, 'evt-4')).body).toEqual({
      result: 'unknown',
    });

    expect((await post(app, bounce, 'evt-5', { secret: 'x'.repeat(40) })).status).toBe(401);
    expect((await post(app, bounce, 'evt-6', { at: Date.now() - 10 * 60_000 })).status).toBe(401);
    expect((await request(app).post(EVENTS_PATH).set('Content-Type', 'application/json').send(bounce)).status).toBe(
      401,
    );
    const malformed = await post(app, { type: 'open', email: readerAddress(0) }, 'evt-7');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/^type:/);
    expect((await state(app, 0))!.hard_bounces).toBe(2);
  });

  it('suppresses an address a complaint names that is no longer on the list, so that it is not written to again unconfirmed', async () => {
    const app = testApp({ NEWSLETTER_EVENTS_SECRET: SECRET });
    cleanups.push(() => app.db.close());
    const gone = 'Gone@Example.com';
    expect((await post(app, { type: 'complaint', email: gone }, 'evt-1')).body).toEqual({ result: 'unknown' });
    expect(await createSuppressions(app.db).has(gone.toLowerCase())).toBe(true);
    // A bounce for an unknown address records nothing: nothing is being sent to it.
    expect((await post(app, { type: 'bounce', email: 'nobody@example.com' }, 'evt-2')).body).toEqual({
      result: 'unknown',
    });
    expect(await createSuppressions(app.db).has('nobody@example.com')).toBe(false);
  });

  it('does not exist without NEWSLETTER_EVENTS_SECRET', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    await seedReaders(app.db, 1);
    expect((await post(app, { type: 'bounce', email: readerAddress(0) }, 'evt-1')).status).toBe(404);
    expect((await state(app, 0))!.hard_bounces).toBe(0);
  });
});
