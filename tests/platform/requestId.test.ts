import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { HONEYPOT_FIELD } from '../../shared/model/contactForm';
import { capturedLogger, unhandledSignIn } from '../support/capturedLog';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { addAccount } from '../support/staffHelpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function Broken(): never {
  throw new Error('render broke for visitor@example.com');
}

const opened: TestApp[] = [];
const open = (...args: Parameters<typeof testApp>) => {
  const app = testApp(...args);
  opened.push(app);
  return app;
};
afterAll(() => opened.forEach((app) => app.db.close()));

describe('X-Request-Id', () => {
  it('is on every answer: a page, a 404, a file, a refused post, a probe', async () => {
    const app = open();
    const answers = await Promise.all([
      request(app).get('/services'),
      request(app).get('/no-such-page'),
      request(app).get('/static/nothing.js'),
      request(app).post('/api/contact').set('Origin', 'https://evil.example').send('x'),
      request(app).get('/healthz'),
    ]);
    const ids = answers.map((response) => response.headers['x-request-id']);
    ids.forEach((id) => expect(id).toMatch(UUID));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("ignores a client's own id unless the proxy is trusted, and keeps only a short safe token", async () => {
    const direct = open();
    expect((await request(direct).get('/healthz').set('X-Request-Id', 'abcdef123456')).headers['x-request-id']).toMatch(
      UUID,
    );
    const proxied = open({ TRUST_PROXY: '1' });
    const kept = await request(proxied).get('/healthz').set('X-Request-Id', '0b2c4d6e-caddy-id');
    expect(kept.headers['x-request-id']).toBe('0b2c4d6e-caddy-id');
    for (const unsafe of ['short', 'x'.repeat(101), 'has space in it', '<script>alert(1)</script>', '-leading-dash'])
      expect((await request(proxied).get('/healthz').set('X-Request-Id', unsafe)).headers['x-request-id']).toMatch(
        UUID,
      );
  });

  it("is on a kept page answered before the app too (the proxy's when trusted), and in its log line", async () => {
    const log = capturedLogger();
    const app = open({ TRUST_PROXY: '1' }, { logger: log.logger });
    await expect
      .poll(async () => (await request(app).get('/services')).headers.etag, { timeout: 10_000 })
      .toBeDefined();
    const kept = await request(app).get('/services?utm_source=mail').set('X-Request-Id', '0b2c4d6e-caddy-id');
    expect(kept.headers.etag).toBeDefined();
    expect(kept.headers['x-request-id']).toBe('0b2c4d6e-caddy-id');
    const line = log.lines().find((entry) => entry.requestId === '0b2c4d6e-caddy-id');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/services', status: 200 });
    expect(line?.bytes).toBe(Number(kept.headers['content-length']));
  });

  it('is in every log line of its request, and on the 500 page for the visitor to quote', async () => {
    const log = capturedLogger();
    const app = open({}, { logger: log.logger, App: Broken });
    const failed = await request(app).get('/').set('Accept', 'text/html');
    expect(failed.status).toBe(500);
    const id = failed.headers['x-request-id'] as string;
    expect(failed.text).toContain(`quote this reference: ${id}`);
    const spanish = await request(app).get('/es').set('Accept', 'text/html');
    expect(spanish.text).toContain(`indique esta referencia: ${spanish.headers['x-request-id']}`);

    const lines = log.lines().filter((line) => line.requestId === id);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['render failed', 'request']));
    // The error's line: its stack, and the request's id.
    const error = lines.find((line) => line.msg === 'render failed') as unknown as { err: { stack: string } };
    expect(error.err.stack).toMatch(/at Broken/);

    // A honeypot post, held in the quarantine (decision 073): the route's own line and the request line share the id.
    const honeypot = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({ name: 'Bot', email: 'bot@example.com', message: 'spam', [HONEYPOT_FIELD]: 'http://spam' }),
      );
    const postId = honeypot.headers['x-request-id'] as string;
    expect(
      log
        .lines()
        .filter((line) => line.requestId === postId)
        .map((line) => line.msg),
    ).toEqual(['form post quarantined', 'request']);
  });
});

describe('the log', () => {
  it('holds no e-mail address, message text, name or password, whatever the request', async () => {
    const log = capturedLogger();
    const app = open({}, { logger: log.logger });
    const broken = open({}, { logger: log.logger, App: Broken });
    await addAccount(app.db, 'staff.member@meridianlab.test');

    const lead = {
      name: 'Zelda Quillfeather',
      email: 'zelda.quill@example.com',
      company: 'Quill Works',
      phone: '+1 305 555 0199',
      service: 'all-in-one',
      message: 'Our confidential launch plan needs a landing page.',
    };
    expect(
      (
        await request(app)
          .post('/api/contact')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ ...(await guardFields(app, 'contact')), ...lead }))
      ).status,
    ).toBe(201);
    expect(
      (
        await request(app)
          .post('/api/subscribe')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email: 'reader.private@example.com' }))
      ).status,
    ).toBe(202);
    expect(
      (
        await request(app)
          .post('/staff/sign-in')
          .type('form')
          .send({ email: 'staff.member@meridianlab.test', password: 'wrong-Password-typed-123' })
      ).status,
    ).not.toBe(303);
    // Errors: a render failure on a URL whose query carries an address, and a store that fails.
    expect((await request(broken).get('/contact?email=query.person@example.com&token=secret-token-1')).status).toBe(
      500,
    );
    app.db.close();
    const unstored = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...(await guardFields(app, 'contact')), ...lead, email: 'second.try@example.com' }));
    expect(unstored.status).toBe(503);
    const refused = await unhandledSignIn(
      app,
      'text/html',
      'staff.member@meridianlab.test',
      'wrong-Password-typed-123',
    );
    expect(refused.status).toBe(500);
    expect(refused.text).toContain(`quote this reference: ${refused.headers['x-request-id']}`);

    const lines = log.lines();
    // Each of those requests was logged, and the errors with their stacks.
    expect(lines.filter((line) => line.msg === 'request').length).toBeGreaterThanOrEqual(6);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['staff sign-in refused', 'render failed', 'lead not stored', 'request failed']),
    );
    const text = log.text();
    for (const secret of [
      '@example.com',
      '@meridianlab.test',
      'zelda',
      'Zelda',
      'Quillfeather',
      'Quill Works',
      '555 0199',
      'confidential launch plan',
      'wrong-Password-typed-123',
      'secret-token-1',
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
