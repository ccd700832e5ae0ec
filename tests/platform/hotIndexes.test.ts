/**
 * The indexes the console's hot reads on a large lab need (decision 091), shown by SQLite's plans of the reads as the
 * pages send them: analytics' series over a span of days, the bounced addresses newest first, and a person's rows
 * by address for their erasure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { openSqliteDatabase } from '../../server/db';

const db = openSqliteDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-indexes-')));
afterAll(() => db.close());
const plan = (sql: string) =>
  db.connection
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((row) => String((row as { detail: string }).detail))
    .join('\n');

describe('the hot reads of a large lab on SQLite', () => {
  it("read some series' days through daily_counts_series, not every series of those days", () => {
    const read = plan(
      `SELECT series, label, sum(count) AS n FROM daily_counts WHERE day >= '2026-09-01' AND day <= '2026-11-29'
       AND series IN ('web.articles.views.en', 'web.articles.views.es') GROUP BY series, label`,
    );
    expect(read).toMatch(/SEARCH daily_counts USING INDEX daily_counts_series \(series=\? AND day>\? AND day<\?\)/);
  });

  it("find a person's leads and subscription by address in any case through an index, for their erasure", () => {
    expect(plan("SELECT id FROM leads WHERE lower(email) = lower('Ana@Example.test')")).toMatch(
      /SEARCH leads USING (COVERING )?INDEX leads_email/,
    );
    expect(plan("SELECT id FROM subscribers WHERE lower(email) = lower('Ana@Example.test')")).toMatch(
      /SEARCH subscribers USING (COVERING )?INDEX subscribers_email/,
    );
  });

  it('read the bounced addresses through their own index, not the whole list', () => {
    const read = plan(
      'SELECT email, hard_bounces, bounced_at FROM subscribers WHERE hard_bounces > 0 ORDER BY bounced_at DESC, id',
    );
    expect(read).toMatch(/subscribers USING INDEX subscribers_bounced/);
    expect(read).not.toMatch(/SCAN subscribers$/m);
  });
});

describe("a campaign's messages on SQLite (decision 095)", () => {
  it('are counted and withdrawn through outbox_campaign, not by reading the outbox', () => {
    const figures = plan(
      `SELECT status, count(*) AS count, sum(CASE WHEN sent_at >= '2026-11-29' THEN 1 ELSE 0 END) AS recent
       FROM outbox WHERE campaign_id = 7 GROUP BY status`,
    );
    expect(figures).toMatch(/SEARCH outbox USING (COVERING )?INDEX outbox_campaign \(campaign_id=\?\)/);
    const withdraw = plan(
      `DELETE FROM outbox WHERE campaign_id = 7 AND status = 'queued'
       AND (lease_until IS NULL OR lease_until < '2026-11-29') RETURNING subscriber_id`,
    );
    expect(withdraw).toMatch(/SEARCH outbox USING INDEX outbox_campaign \(campaign_id=\? AND status=\?\)/);
  });
});

describe("a lead's bookings on SQLite (decision 095)", () => {
  it("are counted through bookings_lead, not by reading every booking for each of a period's leads", () => {
    const read = plan(
      `SELECT (SELECT count(*) FROM bookings WHERE bookings.lead_id = leads.id AND bookings.status <> 'cancelled')
       FROM leads WHERE received_at >= '2026-09-01' AND received_at < '2026-12-01'`,
    );
    expect(read).toMatch(/SEARCH bookings USING INDEX bookings_lead \(lead_id=\?\)/);
    expect(read).not.toMatch(/SCAN bookings/);
  });
});
