import { analyticsReport } from '../../server/analytics/report';
import type { TestApp } from './helpers';

const touch = { source: 'newsletter', medium: 'email', campaign: 'nov', referrer: '', landing: '/blog' };
/** A sign-up's visit as the blog's box sends it: it came from a newsletter link, so it counts under "newsletter". */
export const attribution = JSON.stringify({ first: touch, last: touch, formPage: '/blog', pagesSeen: 1 });

/** The sign-ups and confirmations the staff's analytics show today for those sign-ups' source. */
export async function counted(app: TestApp) {
  await app.afterAnswer.settled();
  const today = new Date().toISOString().slice(0, 10);
  const report = await analyticsReport(app.db, { from: today, to: today, locale: '', device: '' });
  const row = report.conversions.find((conversion) => conversion.source === 'newsletter');
  return { signup: row?.conversions.signup ?? 0, confirmed: row?.conversions.confirmed ?? 0 };
}
