import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { formOf, guardFields } from '../support/formGuard';
import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

const lead = { name: 'Ana Gómez', email: 'ana@example.com', message: 'We need a new website.' };

describe.each([
  ['/api/contact', lead, 201],
  ['/api/subscribe', { email: 'ana@example.com' }, 202],
])('POST %s from another site', (path, body, accepted) => {
  it('is refused with 403 when the browser says the post is cross-site', async () => {
    const response = await request(app).post(path).set('Sec-Fetch-Site', 'cross-site').type('form').send(body);
    expect(response.status).toBe(403);
    expect(response.text).toMatch(/this site/);
  });

  it('is taken from this site', async () => {
    const guard = await guardFields(app, formOf(path));
    const response = await request(app)
      .post(path)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ ...guard, ...body });
    expect(response.status).toBe(accepted);
  });
});
