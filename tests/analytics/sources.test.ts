import { afterAll, describe, expect, it } from 'vitest';

import { knownSource } from '../../server/analytics/referrers';
import { analyticsReport } from '../../server/analytics/report';
import { createAnalyticsStore } from '../../server/analytics/store';
import { createDailyVisitors } from '../../server/analytics/visitors';
import { testApp } from '../support/helpers';

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
    const day = new Date().toISOString().slice(0, 10);
    const report = await analyticsReport(app.db, { from: day, to: day, locale: '', device: '' });
    const rows = report.conversions.map((row) => [row.source, row.group, row.visitors, row.conversions.lead]);
    expect(rows).toEqual([
      ['google', 'search', 2, 1],
      ['gmail', 'email', 1, 0],
    ]);
  });
});
