import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { linksIn } from '../../server/formGuard/checks';
import { mailDomains } from '../../server/formGuard/mailDomain';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';

const failing = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));
const answering = (records: unknown[]) => () => Promise.resolve(records);
const never = () => new Promise<unknown[]>(() => {});

describe("an e-mail domain's lookup", () => {
  it('says "receives" for an MX record, or an A record without one, and "none" only on the DNS\'s own word', async () => {
    const mx = mailDomains({
      resolver: { resolveMx: answering([{ exchange: 'mx.a.test' }]), resolve4: failing('ENOTFOUND') },
    });
    const a = mailDomains({ resolver: { resolveMx: failing('ENODATA'), resolve4: answering(['192.0.2.1']) } });
    const none = mailDomains({ resolver: { resolveMx: failing('ENOTFOUND'), resolve4: failing('ENODATA') } });
    const broken = mailDomains({ resolver: { resolveMx: failing('ESERVFAIL'), resolve4: failing('ENOTFOUND') } });
    expect(await mx('ana@a.test')).toBe('receives');
    expect(await a('ana@a.test')).toBe('receives');
    expect(await none('ana@nowhere.test')).toBe('none');
    // A failure to ask never counts against the visitor.
    expect(await broken('ana@a.test')).toBe('unknown');
  });

  it('gives up after its time-out with "unknown", and asks again next time', async () => {
    let asked = 0;
    const check = mailDomains({
      resolver: { resolveMx: () => (asked++, never()), resolve4: never },
      timeoutMs: 20,
    });
    expect(await check('ana@slow.test')).toBe('unknown');
    expect(await check('ana@slow.test')).toBe('unknown');
    expect(asked).toBe(2);
  });

  it('keeps an answer by domain, in any case, for its time', async () => {
    let asked = 0;
    let now = 0;
    const check = mailDomains({
      resolver: { resolveMx: () => (asked++, Promise.resolve([{ exchange: 'mx' }])), resolve4: never },
      cacheMs: 1000,
      now: () => now,
    });
    await check('ana@a.test');
    await check('ben@A.TEST');
    expect(asked).toBe(1);
    now = 1001;
    await check('ana@a.test');
    expect(asked).toBe(2);
  });
});

describe('the checks of a message', () => {
  it('counts its links: schemes and www. names', () => {
    expect(linksIn('see https://a.test and http://b.test, or www.c.test')).toBe(3);
    expect(linksIn('Our site is being rebuilt, call us.')).toBe(0);
  });
});

describe('a form post whose address cannot receive mail', () => {
  const opened: TestApp[] = [];
  afterAll(() => opened.forEach((app) => app.db.close()));

  it('is held, while one whose lookup failed is delivered', async () => {
    const app = testApp({}, { mailDomain: async (email) => (email.endsWith('@nowhere.test') ? 'none' : 'unknown') });
    opened.push(app);
    const post = async (email: string) =>
      request(app)
        .post('/api/contact')
        .set('Content-Type', 'application/json')
        .send({
          ...(await guardFields(app, 'contact')),
          name: 'Ana',
          email,
          service: 'consultation',
          message: `From ${email}`,
        });
    await post('ana@nowhere.test');
    await post('ana@dns-down.test');
    await app.afterAnswer.settled();
    expect(app.db.connection.prepare('SELECT email FROM leads').all()).toEqual([{ email: 'ana@dns-down.test' }]);
    const reasons = app.db.connection.prepare('SELECT reasons FROM form_quarantine').all() as { reasons: string }[];
    expect(reasons.map((row) => JSON.parse(row.reasons))).toEqual([
      [
        { reason: 'no proof of work', score: 20 },
        { reason: 'e-mail domain has no MX or A record', score: 60 },
      ],
    ]);
  });
});
