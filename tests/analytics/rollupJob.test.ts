import { afterAll, describe, expect, it } from 'vitest';

import { addDays, dayOf, mondayOf } from '../../server/analytics/days';
import { series } from '../../server/analytics/store';
import { addCount } from '../../server/db/dailyCounts';
import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

describe('the analytics’ weekly roll-up job (decision 093)', () => {
  it('is one of the site’s jobs, and rolls the closed weeks as it starts', async () => {
    const day = addDays(dayOf(new Date()), -20);
    await app.db.transaction((tx) =>
      addCount(tx, { day, series: series.views('page', 'en'), label: '/', device: 'mobile' }, 3),
    );
    const job = app.jobs.find((entry) => entry.what === 'analytics weekly roll-up');
    expect(job?.place).toBe('once for the site');
    // It rolls at once; stopping waits for that run.
    await job!.start()!.stop();
    expect(
      app.db.connection
        .prepare('SELECT week, series, label, device, count FROM weekly_counts WHERE week = ?')
        .all(mondayOf(day)),
    ).toEqual([{ week: mondayOf(day), series: 'web.views.page.en', label: '/', device: 'mobile', count: 3 }]);
  });
});
