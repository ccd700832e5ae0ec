import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { exportPersonalData } from '../../server/privacy/personalData';
import { formOf, guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, testApp } from '../support/helpers';

const opened: TestApp[] = [];
afterAll(() => opened.forEach((app) => app.db.close()));

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

describe('what the server records beside what a visitor types, as the privacy policy lists it', () => {
  it("keeps a lead's arrival time, page language and user agent, and a sign-up's language and e-mail time, all exported", async () => {
    const app = testApp();
    opened.push(app);
    const post = async (path: string, body: object) =>
      request(app)
        .post(path)
        .set('Origin', TEST_SITE_URL)
        .set('User-Agent', USER_AGENT)
        .send({ ...(await guardFields(app, formOf(path))), ...body });
    const before = new Date().toISOString();
    const lead = await post('/api/contact?locale=es', {
      name: 'Ana Gómez',
      email: 'ana@example.com',
      message: 'Un sitio nuevo, por favor.',
    });
    expect(lead.status).toBe(201);
    expect((await post('/api/subscribe?locale=es', { email: 'ana@example.com' })).status).toBeLessThan(300);
    await app.afterAnswer.settled();

    const data = await exportPersonalData(app.db, 'ana@example.com');
    expect(data.leads).toHaveLength(1);
    expect(data.leads[0]).toMatchObject({ locale: 'es', user_agent: USER_AGENT });
    expect(String(data.leads[0]!.received_at) >= before).toBe(true);
    expect(data.subscription).toMatchObject({ email: 'ana@example.com', locale: 'es' });
    expect(data.subscription).toHaveProperty('confirmation_sent_at');
  });
});
