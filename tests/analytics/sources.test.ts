import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { dayOf } from '../../server/analytics/days';
import { knownSource } from '../../server/analytics/referrers';
import { analyticsReport, leadsBySource } from '../../server/analytics/report';
import { createAnalyticsStore } from '../../server/analytics/store';
import { createDailyVisitors } from '../../server/analytics/visitors';
import { guardFields } from '../support/formGuard';
import { TEST_SITE_URL, testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

describe('sources as the console reports them', () => {
  it('name a UTM source and its site’s host as one source, in its channel; webmail is e-mail, not search', () => {
    const cases: [string, string, string][] = [
      ['google', 'google', 'search'],
      ['google.com', 'google', 'search'],
      ['google.es', 'google', 'search'],
      ['mail.google.com', 'gmail', 'email'],
      ['outlook.live.com', 'outlook', 'email'],
      ['newsletter', 'newsletter', 'email'],
      ['linkedin', 'linkedin', 'social'],
      ['linkedin.com', 'linkedin', 'social'],
      ['lnkd.in', 'linkedin', 'social'],
      ['t.co', 'x', 'social'],
      ['partner-blog.example', 'partner-blog.example', 'referral'],
      ['(direct)', '(direct)', 'direct'],
    ];
    for (const [label, source, group] of cases) expect(knownSource(label), label).toEqual({ source, group });
  });

  it('count google (UTM) and google.com (its host) in one row of the conversions table', async () => {
    const store = createAnalyticsStore(
      app.db,
      createDailyVisitors(app.db, 'meridianlab.test', app.config.analytics.key),
    );
    const none = { source: '', medium: '', campaign: '', referrer: '' };
    const view = (address: string, touch: Partial<typeof none>) =>
      store.addView(
        { page: '/', locale: 'en', device: 'desktop', touch: { ...none, ...touch } },
        { address, userAgent: 'Firefox' },
      );
    await view('203.0.113.1', { source: 'google', medium: 'cpc' });
    await view('203.0.113.2', { referrer: 'google.com' });
    await view('203.0.113.3', { referrer: 'mail.google.com' });
    await store.addConversion('lead', { locale: 'en', device: 'desktop', source: 'google.com' });
    const day = dayOf(new Date());
    const report = await analyticsReport(app.db, { from: day, to: day, locale: '', device: '' });
    const rows = report.conversions.map((row) => [row.source, row.group, row.visitors, row.conversions.lead]);
    expect(rows).toEqual([
      ['google', 'search', 2, 1],
      ['gmail', 'email', 1, 0],
    ]);
  });

  it('reports what a lead said about how they heard of us beside the source measured', async () => {
    const blank = { source: '', medium: '', campaign: '', content: '', referrer: '', landing: '/' };
    const send = async (address: string, heard: string, first: typeof blank) =>
      request(app)
        .post('/api/contact')
        .set({ 'X-Forwarded-For': address, Origin: TEST_SITE_URL })
        .send({
          ...(await guardFields(app, 'contact')),
          name: 'Jane Smith',
          email: 'jane@acme.example',
          message: 'Hello.',
          heard,
          heardtext: heard === 'event' ? 'Medellín AI meetup' : '',
          attribution: JSON.stringify({ first, last: first, formPage: '/contact', pagesSeen: 1 }),
        })
        .expect(201);
    // A visitor who came back to a closed tab: "(direct)" measured, "an ad" in their own words.
    await send('203.0.113.7', 'ad', blank);
    await send('203.0.113.8', 'event', { ...blank, referrer: 'linkedin.com' });
    await send('203.0.113.9', '', blank);
    const day = dayOf(new Date());
    const rows = (await leadsBySource(app.db, day, day)).map((row) => [row.source, row.heard, row.leads]);
    expect(rows).toEqual([
      ['(direct)', '', 1],
      ['(direct)', 'ad', 1],
      ['linkedin', 'event', 1],
    ]);
    // An answer not in the list is refused with the reason, and nothing typed is lost: the form comes back.
    const wrong = await request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': '203.0.113.10', Origin: TEST_SITE_URL })
      .send({ name: 'Jane Smith', email: 'jane@acme.example', message: 'Hello.', heard: 'telepathy' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Please choose an answer from the list.');
  });
});
