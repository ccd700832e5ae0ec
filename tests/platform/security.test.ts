import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../server/config';
import { DATABASE_FILE } from '../../server/db';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import { freePort, killServers, startServer } from '../support/serverProcess';

const app = testApp();
afterAll(() => app.db.close());
afterAll(killServers);

/** One request written as it is given on a fresh connection, as no HTTP client would send it; resolves with the answer's head. */
function rawHead(port: number, requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe('the trailing-slash redirect never leaves the site', () => {
  it.each([
    '//evil.com/',
    '///evil.com/',
    '/\\evil.com/',
    '/\\\\evil.com/',
    '/%2F%2Fevil.com/',
    '//evil.com/?next=1',
    '/\\evil.com/?a=b',
    '///',
  ])('%s redirects to a path on this site', async (target) => {
    const response = await request(app).get(target);
    expect(response.status).toBe(301);
    const location = response.headers.location as string;
    // A path: one slash, then not a slash or backslash (which a browser would read as another host).
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, 'https://meridianlab.test').host).toBe('meridianlab.test');
  });

  it('keeps the query on an ordinary redirect', async () => {
    const response = await request(app).get('/services/?utm=1');
    expect(response.headers.location).toBe('/services?utm=1');
  });

  it('keeps its own path and query for an absolute-form request target, whatever host it names', async () => {
    const port = await freePort();
    await startServer(port, { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-absolute-')) });
    for (const [target, location] of [
      ['http://evil.example/services/?a=1', '/services?a=1'],
      ['http://evil.test//////', '/'],
      ['http://evil.test/services/', '/services'],
      ['https://evil.test//evil.test/?next=//evil.test/', '/evil.test?next=//evil.test/'],
      ['/services/?a=1&b=/x/?c', '/services?a=1&b=/x/?c'],
    ]) {
      const head = await rawHead(port, `GET ${target} HTTP/1.1`);
      expect(head, target).toMatch(/^HTTP\/1\.1 301 /);
      expect(head).toContain(`\r\nLocation: ${location}\r\n`);
    }
  });
});

describe('source maps', () => {
  it('are not in the served folder, and a request for one is a 404', async () => {
    const served = fs.readdirSync('dist/client/static', { recursive: true, encoding: 'utf8' });
    expect(served.filter((file) => file.endsWith('.map'))).toEqual([]);
    const script = served.find((file) => file.endsWith('.js'))!;
    expect(fs.readFileSync(path.join('dist/client/static', script), 'utf8')).not.toContain('sourceMappingURL');
    const response = await request(app).get(`/static/${script}.map`);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('sources');
  });
});

describe('the database files', () => {
  it('are readable by the server user only: folder 700, database, journal and shared memory 600', async () => {
    // A write makes sure the -wal and -shm files exist.
    await request(app).post('/api/subscribe').send({ email: 'modes@example.com' });
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(app.config.dataDir)).toBe(0o700);
    for (const suffix of ['', '-wal', '-shm'])
      expect(mode(path.join(app.config.dataDir, DATABASE_FILE + suffix))).toBe(0o600);
  });
});

describe('the CSRF check on every POST endpoint', () => {
  const posts: [string, object][] = [
    ['/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Hello' }],
    ['/api/subscribe', { email: 'ana@example.com' }],
    ['/api/vitals', { page: '/', metrics: [{ name: 'LCP', value: 900, rating: 'good', id: 'v1' }] }],
  ];

  it.each(posts)('%s refuses a post whose Origin is another site, over plain HTTP too', async (endpoint, body) => {
    const response = await request(testApp())
      .post(endpoint)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(body);
    expect(response.status).toBe(403);
  });

  it.each(posts)('%s refuses Sec-Fetch-Site same-site like cross-site, and Origin null', async (endpoint, body) => {
    const fresh = testApp();
    expect((await request(fresh).post(endpoint).set('Sec-Fetch-Site', 'same-site').send(body)).status).toBe(403);
    expect((await request(fresh).post(endpoint).set('Origin', 'null').send(body)).status).toBe(403);
  });

  it.each(posts)('%s takes a post from the site’s own origin', async (endpoint, body) => {
    const response = await request(testApp())
      .post(endpoint)
      .set('Origin', TEST_SITE_URL)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body);
    expect(response.status).toBeLessThan(300);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true, which would let any client choose its own address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*number of proxies/);
  });

  it('takes a hop count or the proxies’ addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
  });
});

describe('the web-vitals beacon', () => {
  const beacon = { page: '/services', metrics: [{ name: 'LCP', value: 812.4, rating: 'good', id: 'v5-1' }] };
  const send = (target: ReturnType<typeof testApp>, body: unknown) =>
    request(target).post('/api/vitals').set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify(body));

  it('counts any path that is no page of the site under one label, and refuses what is no path', async () => {
    const fresh = testApp();
    for (const page of ['https://evil.example/', 'services', '/'.repeat(2049)])
      expect((await send(fresh, { ...beacon, page })).status).toBe(400);
    for (const page of ['/nope', '/services?x=1', '/<script>', '/'.repeat(5), '/staff/leads'])
      expect((await send(fresh, { ...beacon, page })).status).toBe(204);
    expect(
      fresh.db.connection
        .prepare("SELECT label, sum(count) AS n FROM daily_counts WHERE series = 'LCP' GROUP BY label")
        .all(),
    ).toEqual([{ label: '(other)', n: 5 }]);
  });

  it('is rate-limited per client', async () => {
    const fresh = testApp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(fresh, beacon)).status);
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('headers', () => {
  it('send a Permissions-Policy that turns off the features the site never uses', async () => {
    const policy = (await request(app).get('/')).headers['permissions-policy'] as string;
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
  });
});

describe('the page cache key', () => {
  it('puts together only URLs whose pages are the same: every out-of-range blog page is the one not-found page', async () => {
    const [one, other] = [testApp(), testApp()];
    // Each app signs its forms' window token with a key of its own (decision 073): the rest is the same page.
    const rendered = async (target: typeof one, url: string) =>
      (await request(target).get(url)).text
        .replace(/-[A-Z0-9]{8}\./g, '.')
        .replace(/name="formToken" value="[^"]*"/g, 'name="formToken"');
    expect(await rendered(one, '/blog?page=9999&x=1')).toBe(await rendered(other, '/blog?page=abc'));
    expect(await rendered(one, '/contact?sent=2')).toBe(await rendered(other, '/contact'));
  });
});
