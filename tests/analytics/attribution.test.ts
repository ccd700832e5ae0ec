import { createHash } from 'node:crypto';

import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { dayOf } from '../../server/analytics/days';
import { analyticsReport, leadsBySource } from '../../server/analytics/report';
import { guardFields } from '../support/formGuard';
import { TEST_SITE_URL, testApp } from '../support/helpers';

// Behind one proxy hop: each visitor is an address of its own.
const app = testApp({ TRUST_PROXY: '1' });
afterAll(() => app.db.close());
beforeEach(() =>
  app.db.connection.exec(
    'DELETE FROM daily_counts; DELETE FROM analytics_visitors; DELETE FROM leads; DELETE FROM subscribers; DELETE FROM rate_limit_hits',
  ),
);
const today = () => dayOf(new Date());
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// The contact page's token goes with every post, as a person's does (decision 073).
const lead = {
  ...{ name: 'Jane Smith', email: 'jane@acme.example', message: 'We need ads.', service: 'marketing-ads' },
  ...(await guardFields(app, 'contact')),
};
const blank = { source: '', medium: '', campaign: '', content: '', referrer: '', landing: '' };
type Touch = typeof blank;

interface StoredLead {
  attribution: string;
  source: string;
  campaign: string;
}
const storedLeads = () =>
  (
    app.db.connection
      .prepare('SELECT attribution, source, campaign FROM leads ORDER BY id')
      .all() as unknown as StoredLead[]
  ).map((row) => ({ ...row, attribution: JSON.parse(row.attribution) }));

describe('a lead’s source', () => {
  it('is the attribution the form sends: first and last touch, the form’s page and the pages seen before', async () => {
    const first = { ...blank, source: 'newsletter', campaign: 'nov', landing: '/blog' };
    const last = { ...blank, referrer: 'google.com', landing: '/services' };
    const attribution = { first, last, formPage: '/contact', pagesSeen: 3 };
    const response = await request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': '203.0.113.1', Origin: TEST_SITE_URL })
      .send({ ...lead, attribution: JSON.stringify(attribution) });
    expect(response.status).toBe(201);
    expect(storedLeads()).toEqual([{ attribution, source: 'newsletter', campaign: 'nov' }]);
  });

  it('without JavaScript is what the server sees: the form’s page and the UTM parameters of its Referer', async () => {
    const response = await request(app)
      .post('/api/contact')
      .type('form')
      .set({
        'X-Forwarded-For': '203.0.113.2',
        Origin: TEST_SITE_URL,
        Referer: `${TEST_SITE_URL}/contact?utm_source=Newsletter&utm_medium=email&utm_campaign=nov`,
      })
      .send({ ...lead, attribution: '' });
    expect(response.status).toBe(303);
    const touch = { ...blank, source: 'newsletter', medium: 'email', campaign: 'nov', landing: '/contact' };
    expect(storedLeads()).toEqual([
      {
        attribution: { first: touch, last: touch, formPage: '/contact', pagesSeen: 0 },
        source: 'newsletter',
        campaign: 'nov',
      },
    ]);
  });

  it('never costs the visitor their message: a malformed or oversized attribution falls back to the Referer', async () => {
    const bad = [
      '{not json',
      JSON.stringify({ first: 'x' }),
      JSON.stringify({ ...{ first: blank, last: blank }, formPage: 'http://evil.example/', pagesSeen: 1 }),
      'x'.repeat(5000),
      42,
    ];
    for (const [i, attribution] of bad.entries()) {
      const response = await request(app)
        .post('/api/contact')
        .set({
          'X-Forwarded-For': `203.0.113.${10 + i}`,
          Origin: TEST_SITE_URL,
          Referer: `${TEST_SITE_URL}/es/contacto`,
        })
        .send({ ...lead, attribution });
      expect(response.status).toBe(201);
    }
    const stored = storedLeads();
    expect(stored).toHaveLength(bad.length);
    for (const row of stored)
      expect(row).toEqual({
        attribution: {
          first: { ...blank, landing: '/es/contacto' },
          last: { ...blank, landing: '/es/contacto' },
          formPage: '/es/contacto',
          pagesSeen: 0,
        },
        source: '(direct)',
        campaign: '',
      });
  });

  it('cuts long values to their limits, and keeps no path that is no page of the site', async () => {
    const long: Touch = {
      ...blank,
      source: 'S'.repeat(150),
      campaign: 'c'.repeat(150),
      landing: `/${'p'.repeat(300)}`,
    };
    await request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': '203.0.113.30', Origin: TEST_SITE_URL })
      .send({ ...lead, attribution: JSON.stringify({ first: long, last: long, formPage: '/contact', pagesSeen: 2 }) });
    const [row] = storedLeads();
    expect(row!.source).toBe('s'.repeat(100));
    expect(row!.attribution.first.landing).toBe('');
  });

  it('keeps a label of no label’s shape as "(other)": an e-mail address in a campaign is never stored', async () => {
    const first = {
      ...blank,
      source: 'newsletter',
      campaign: 'jane.doe@example.com',
      referrer: 'evil.test/login',
      landing: '/blog',
    };
    const attribution = { first, last: first, formPage: '/wp-login.php', pagesSeen: 1 };
    const response = await request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': '203.0.113.31', Origin: TEST_SITE_URL })
      .send({ ...lead, attribution: JSON.stringify(attribution) });
    expect(response.status).toBe(201);
    const touch = { ...first, campaign: '(other)', referrer: '(other)' };
    expect(storedLeads()).toEqual([
      {
        attribution: { first: touch, last: touch, formPage: '', pagesSeen: 1 },
        source: 'newsletter',
        campaign: '(other)',
      },
    ]);
  });

  it('keeps only the form’s page under Do Not Track or Global Privacy Control', async () => {
    const touch = { ...blank, source: 'newsletter', campaign: 'nov', landing: '/' };
    for (const [i, header] of [{ DNT: '1' }, { 'Sec-GPC': '1' }].entries())
      await request(app)
        .post('/api/contact')
        .set({
          'X-Forwarded-For': `203.0.113.${40 + i}`,
          Origin: TEST_SITE_URL,
          Referer: `${TEST_SITE_URL}/contact?utm_source=x`,
          ...header,
        })
        .send({
          ...lead,
          attribution: JSON.stringify({ first: touch, last: touch, formPage: '/contact', pagesSeen: 2 }),
        });
    await app.afterAnswer.settled();
    for (const row of storedLeads())
      expect(row).toEqual({
        attribution: { first: blank, last: blank, formPage: '/contact', pagesSeen: 0 },
        source: '',
        campaign: '',
      });
    // Nor are they counted as conversions.
    expect(
      app.db.connection.prepare("SELECT count(*) AS n FROM daily_counts WHERE series LIKE 'web.conversions.%'").get(),
    ).toEqual({ n: 0 });
  });

  it('goes with a newsletter sign-up too', async () => {
    const touch = { ...blank, referrer: 'linkedin.com', landing: '/blog' };
    const attribution = { first: touch, last: touch, formPage: '/blog', pagesSeen: 1 };
    const response = await request(app)
      .post('/api/subscribe')
      .set({ 'X-Forwarded-For': '203.0.113.50', Origin: TEST_SITE_URL })
      .send({
        ...{ email: 'reader@example.com', attribution: JSON.stringify(attribution) },
        ...(await guardFields(app, 'newsletter')),
      });
    expect(response.status).toBe(202);
    await app.afterAnswer.settled();
    const row = app.db.connection.prepare('SELECT attribution, source FROM subscribers').get() as {
      attribution: string;
      source: string;
    };
    expect({ ...row, attribution: JSON.parse(row.attribution) }).toEqual({ attribution, source: 'linkedin.com' });
  });
});

describe('conversions and the funnel', () => {
  const beacon = (address: string, kind: string, page: string, touch: Partial<Touch> = {}) =>
    request(app)
      .post('/api/visits')
      .set({ 'X-Forwarded-For': address, 'User-Agent': CHROME, 'Content-Type': 'text/plain' })
      .send(JSON.stringify({ kind, page, device: 'desktop', touch: { ...blank, ...touch } }));
  const sendLead = (address: string, service: string, first: Partial<Touch>) => {
    const touch = { ...blank, ...first };
    return request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': address, 'User-Agent': CHROME, Origin: TEST_SITE_URL })
      .send({
        ...lead,
        service,
        attribution: JSON.stringify({ first: touch, last: touch, formPage: '/contact', pagesSeen: 2 }),
      });
  };

  it('match a scripted day: visitors by source, leads by source and service, the funnel and the leads report', async () => {
    const google = { referrer: 'google.com' };
    const nov = { source: 'newsletter', medium: 'email', campaign: 'nov' };
    // 1: from Google, three pages, then a lead for ads.
    for (const page of ['/', '/services', '/contact']) await beacon('198.51.100.1', 'view', page, google);
    expect((await sendLead('198.51.100.1', 'marketing-ads', google)).status).toBe(201);
    // 2: from the newsletter, reaches the contact page, calls instead.
    for (const page of ['/blog', '/contact']) await beacon('198.51.100.2', 'view', page, nov);
    await beacon('198.51.100.2', 'call', '/contact', nov);
    // 3: direct, one page.
    await beacon('198.51.100.3', 'view', '/');
    // 4: from the newsletter, straight to the contact page, a lead for a consultation, and signs up.
    await beacon('198.51.100.4', 'view', '/contact', nov);
    expect((await sendLead('198.51.100.4', 'consultation', nov)).status).toBe(201);
    const touch = { ...blank, ...nov };
    await request(app)
      .post('/api/subscribe')
      .set({ 'X-Forwarded-For': '198.51.100.4', 'User-Agent': CHROME, Origin: TEST_SITE_URL })
      .send({
        ...(await guardFields(app, 'newsletter')),
        email: 'four@example.com',
        attribution: JSON.stringify({ first: touch, last: touch, formPage: '/blog', pagesSeen: 1 }),
      });
    // 5: a bot posts a lead: stored for the team, not counted.
    await request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': '198.51.100.5', 'User-Agent': 'python-requests/2.32', Origin: TEST_SITE_URL })
      .send(lead);
    await app.afterAnswer.settled();

    const report = await analyticsReport(app.db, { from: today(), to: today(), locale: '', device: '' });
    expect(report.totals).toEqual({ views: 7, visitors: 4 });
    expect(report.funnel).toEqual({ landing: 4, contact: 3, lead: 2 });
    const bySource = Object.fromEntries(report.conversions.map((row) => [row.source, row]));
    expect(bySource.google).toMatchObject({
      group: 'search',
      visitors: 1,
      conversions: { lead: 1, call: 0 },
      leadRate: 1,
    });
    expect(bySource.newsletter).toMatchObject({
      visitors: 2,
      conversions: { lead: 1, call: 1, signup: 1 },
      leadRate: 0.5,
    });
    expect(bySource['(direct)']).toMatchObject({ group: 'direct', visitors: 1, conversions: { lead: 0 }, leadRate: 0 });
    expect(report.services).toEqual([
      { label: 'consultation', count: 1 },
      { label: 'marketing-ads', count: 1 },
    ]);
    expect(report.campaigns).toEqual(
      [
        { label: 'nov', count: 3 },
        { label: '(none)', count: 4 },
      ].sort((a, b) => b.count - a.count),
    );
    expect(report.groups).toEqual({ search: 3, social: 0, email: 0, referral: 0, direct: 4 });

    // A won lead shows in the report of leads per source and campaign.
    app.db.connection.prepare("UPDATE leads SET status = 'won' WHERE source = 'newsletter'").run();
    expect(await leadsBySource(app.db, today(), today())).toEqual([
      { source: 'newsletter', campaign: 'nov', heard: '', leads: 1, won: 1 },
      { source: '(direct)', campaign: '', heard: '', leads: 1, won: 0 },
      { source: 'google', campaign: '', heard: '', leads: 1, won: 0 },
    ]);
    // Filtered by language: the Spanish pages saw nobody.
    expect((await analyticsReport(app.db, { from: today(), to: today(), locale: 'es', device: '' })).totals).toEqual({
      views: 0,
      visitors: 0,
    });
    expect(
      (await analyticsReport(app.db, { from: today(), to: today(), locale: '', device: 'mobile' })).totals,
    ).toEqual({ views: 0, visitors: 0 });
  });

  it('count a newsletter confirmation under the source the sign-up came with, and not one from an opted-out sign-up', async () => {
    const touch = { ...blank, referrer: 'linkedin.com', landing: '/blog' };
    const attribution = JSON.stringify({ first: touch, last: touch, formPage: '/blog', pagesSeen: 1 });
    const signUp = async (address: string, email: string, headers: Record<string, string> = {}) =>
      request(app)
        .post('/api/subscribe')
        .set({ 'X-Forwarded-For': address, 'User-Agent': CHROME, Origin: TEST_SITE_URL, ...headers })
        .send({ ...(await guardFields(app, 'newsletter')), email, attribution });
    await signUp('198.51.100.20', 'kept@example.com');
    await signUp('198.51.100.21', 'private@example.com', { 'Sec-GPC': '1' });
    await app.afterAnswer.settled();
    // The confirmation link's token, as its e-mail would carry it: only its hash is stored.
    const token = (email: string) => {
      const value = `${email.split('@')[0]}-${'t'.repeat(40)}`.slice(0, 43);
      app.db.connection
        .prepare('UPDATE subscribers SET confirmation_token_hash = ?, confirmation_expires_at = ? WHERE email = ?')
        .run(createHash('sha256').update(value).digest('hex'), new Date(Date.now() + 86_400_000).toISOString(), email);
      return value;
    };
    for (const email of ['kept@example.com', 'private@example.com']) {
      const response = await request(app)
        .post('/newsletter/confirm')
        .type('form')
        .set({ Origin: TEST_SITE_URL, 'X-Forwarded-For': '198.51.100.22' })
        .send({ token: token(email) });
      expect(response.status).toBe(303);
      expect(response.headers.location).toContain('result=confirmed');
    }
    await app.afterAnswer.settled();
    const report = await analyticsReport(app.db, { from: today(), to: today(), locale: '', device: '' });
    expect(report.conversions.map((row) => [row.source, row.conversions.signup, row.conversions.confirmed])).toEqual([
      ['linkedin', 1, 1],
    ]);
  });
});
