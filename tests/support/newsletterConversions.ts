import { dayOf } from '../../server/analytics/days';
import { analyticsReport } from '../../server/analytics/report';
import type { TestApp } from './helpers';

const touch = { source: 'newsletter', medium: 'email', campaign: 'nov', referrer: '', landing: '/blog' };
/** A sign-up's visit as the blog's box sends it: it came from a newsletter link, so it counts under "newsletter". */
export const attribution = JSON.stringify({ first: touch, last: touch, formPage: '/blog', pagesSeen: 1 });

/** The staff's analytics of today, once every count after an answer is written. */
export async function reportOfToday(app: TestApp) {
  await app.afterAnswer.settled();
  const today = dayOf(new Date());
  return analyticsReport(app.db, { from: today, to: today, locale: '', device: '' });
}

/** The sign-ups and confirmations the staff's analytics show today for those sign-ups' source. */
export async function counted(app: TestApp) {
  const report = await reportOfToday(app);
  const row = report.conversions.find((conversion) => conversion.source === 'newsletter');
  return { signup: row?.conversions.signup ?? 0, confirmed: row?.conversions.confirmed ?? 0 };
}
