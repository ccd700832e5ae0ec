import { afterAll, describe, expect, it } from 'vitest';

import { reportFilter } from '../../server/analytics/consoleRoutes';
import { dayOf } from '../../server/analytics/days';
import { analyticsReport, leadsBySource } from '../../server/analytics/report';
import { createAnalyticsStore } from '../../server/analytics/store';
import { createDailyVisitors } from '../../server/analytics/visitors';
import { purgeExpired } from '../../server/privacy/retention';
import { testApp } from '../support/helpers';
import { insertLead } from '../support/staffHelpers';

const app = testApp();
afterAll(() => app.db.close());

/**
 * 23:30 in New York on four evenings around 2026's changes of summer time (March 8, November 1), as UTC
 * writes them: the next day in UTC every time, four hours ahead in summer, five in winter.
 */
const EVENINGS = {
  '2026-03-07': '2026-03-08T04:30:00Z',
  '2026-03-08': '2026-03-09T03:30:00Z',
  '2026-10-31': '2026-11-01T03:30:00Z',
  '2026-11-01': '2026-11-02T04:30:00Z',
};

describe('the analytics’ days', () => {
  it('are New York’s: a view at 23:30 there counts on that day, on either side of a change of summer time', async () => {
    const store = createAnalyticsStore(app.db, createDailyVisitors(app.db, 'meridianlab.test', 'k'.repeat(32)));
    const none = { source: '', medium: '', campaign: '', referrer: '' };
    for (const at of Object.values(EVENINGS))
      await store.addView(
        { page: '/', locale: 'en', device: 'desktop', touch: none },
        { address: '203.0.113.1', userAgent: 'Firefox' },
        new Date(at),
      );
    const days = app.db.connection
      .prepare("SELECT day, count FROM daily_counts WHERE series = 'web.views.page.en' ORDER BY day")
      .all() as { day: string; count: number }[];
    expect(days).toEqual(Object.keys(EVENINGS).map((day) => ({ day, count: 1 })));
    for (const [day, at] of Object.entries(EVENINGS)) expect(dayOf(new Date(at))).toBe(day);

    const report = await analyticsReport(app.db, { from: '2026-10-31', to: '2026-11-02', locale: '', device: '' });
    expect(report.daily.map(({ day, views, visitors }) => [day, views, visitors])).toEqual([
      ['2026-10-31', 1, 1],
      ['2026-11-01', 1, 1],
      ['2026-11-02', 0, 0],
    ]);
  });

  it('end the console’s periods with the lab’s today, and read leads by the lab’s midnights', async () => {
    // 23:30 on November 1 in New York: already November 2 in UTC.
    const now = new Date(EVENINGS['2026-11-01']);
    expect(reportFilter({ days: '7' }, now).filter).toMatchObject({ from: '2026-10-26', to: '2026-11-01' });
    expect(reportFilter({}, now).filter).toMatchObject({ from: '2026-10-05', to: '2026-11-01' });

    insertLead(app.db, { name: 'Late Evening', received_at: now.toISOString() });
    // 00:30 on November 2 in New York.
    insertLead(app.db, { name: 'Past Midnight', received_at: '2026-11-02T05:30:00.000Z' });
    const leads = async (day: string) =>
      (await leadsBySource(app.db, day, day)).reduce((sum, row) => sum + row.leads, 0);
    expect(await leads('2026-11-01')).toBe(1);
    expect(await leads('2026-11-02')).toBe(1);
    expect(await leads('2026-10-31')).toBe(0);
  });

  it('keep the lab’s day’s salt at the daily purge, when UTC has already started the next day', async () => {
    const visitors = createDailyVisitors(app.db, 'meridianlab.test', 'k'.repeat(32));
    const evening = new Date(EVENINGS['2026-11-01']);
    await visitors.visitorOf({ address: '203.0.113.2', userAgent: 'Firefox' }, dayOf(evening));
    await purgeExpired(app.db, evening);
    expect(app.db.connection.prepare('SELECT day FROM analytics_salts').all()).toEqual([{ day: '2026-11-01' }]);
    await purgeExpired(app.db, new Date('2026-11-02T05:30:00Z'));
    expect(app.db.connection.prepare('SELECT day FROM analytics_salts').all()).toEqual([]);
  });
});
