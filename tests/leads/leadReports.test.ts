import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { publishedArticles } from '../../server/analytics/articles';
import { createInbox } from '../../server/leads/inbox';
import { planFacts } from '../../shared/content/data';
import { parseCsv } from '../support/csv';
import { guardFields } from '../support/formGuard';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

// Behind one proxy hop: each visitor is an address of their own.
const app = testApp({ TRUST_PROXY: '1' });
let diego: StaffClient;
beforeAll(async () => {
  await addAccount(app.db, 'diego@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Diego', office: 'Bogota', languages: ['es', 'en'] },
  });
  diego = await sessionFor(app, 'diego@meridianlab.test');
});
afterAll(() => app.db.close());

const touch = (values: Partial<Record<'source' | 'medium' | 'campaign' | 'referrer' | 'landing', string>>) => ({
  ...{ source: '', medium: '', campaign: '', content: '', referrer: '', landing: '/' },
  ...values,
});

/** A lead sent through the contact form, from a visit that came in by `first` and came back by `last`. */
async function sendLead(address: string, first: ReturnType<typeof touch>, last = first, heard = '') {
  const sent = await request(app)
    .post('/api/contact')
    .set({ 'X-Forwarded-For': address, Origin: TEST_SITE_URL })
    .send({
      ...{ name: 'Jane Smith', email: 'jane@acme.example', message: 'We would like a plan.', heard },
      ...(await guardFields(app, 'contact')),
      attribution: JSON.stringify({ first, last, formPage: '/contact', pagesSeen: 3 }),
    })
    .expect(201);
  return sent;
}

const lastLeadId = () => (app.db.connection.prepare('SELECT max(id) AS id FROM leads').get() as { id: number }).id;

const page = async (path: string) => (await request(app).get(path).set('Cookie', diego.cookie).expect(200)).text;

describe('the reports: leads → contacted → won, and the won monthly value', () => {
  it('shows a lead from a campaign marked won with a plan under its campaign, with the plan’s value', async () => {
    const article = publishedArticles().find((candidate) => candidate.paths.en)!;
    const plan = planFacts.find((candidate) => candidate.id === 'all-in-one')!;
    await sendLead(
      '203.0.113.10',
      touch({ source: 'newsletter', medium: 'email', campaign: 'spring-plans', landing: article.paths.en }),
      touch({ source: 'google', medium: 'cpc', campaign: 'retargeting', landing: '/services' }),
      'newsletter',
    );
    const won = lastLeadId();
    // A second lead of no campaign, only contacted; a third marked spam, which is no lead of the report.
    await sendLead('203.0.113.11', touch({ referrer: 'linkedin.com' }));
    const contacted = lastLeadId();
    const spam = insertLead(app.db);

    for (const [id, move] of [
      [won, { from: 'new', to: 'contacted' }],
      [won, { from: 'contacted', to: 'won', plan: plan.id, monthly: '', start: '2026-12-01' }],
      [contacted, { from: 'new', to: 'contacted' }],
      [spam, { from: 'new', to: 'spam' }],
    ] as const)
      expect((await consolePost(app, `/staff/leads/${id}/status`, diego, { ...move, csrf: diego.csrf })).status).toBe(
        303,
      );

    const html = await page('/staff/reports?by=campaign');
    // The group-by form is a plain GET form: it works without script.
    expect(html).toMatch(/<form[^>]*action="\/staff\/reports" method="get"/);
    expect(html).toContain('<option value="campaign" selected="">Campaign</option>');
    const row = (name: string) => new RegExp(`<th scope="row">${name}</th>((?:<td>[^<]*</td>)+)`).exec(html)?.[1];
    expect(row('spring-plans')).toBe(
      `<td>1</td><td>0</td><td>1</td><td>100\u00a0%</td><td>1</td><td>100\u00a0%</td><td>${plan.price}</td>`,
    );
    expect(row('\\(none\\)')).toBe(
      '<td>1</td><td>0</td><td>1</td><td>100\u00a0%</td><td>0</td><td>0\u00a0%</td><td>0</td>',
    );

    // The same in the CSV and the JSON.
    const csv = await request(app).get('/staff/reports.csv?by=campaign').set('Cookie', diego.cookie).expect(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="?lead-report-campaign-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    expect(parseCsv(csv.text).slice(0, 2)).toEqual([
      [
        'Campaign',
        'Leads',
        'Calls booked',
        'Contacted',
        'Contacted share',
        'Won',
        'Won share',
        'Won monthly value (CAD)',
      ],
      ['spring-plans', '1', '0', '1', '1', '1', '1', String(plan.price)],
    ]);
    const json = await request(app).get('/staff/reports.json?by=campaign').set('Cookie', diego.cookie).expect(200);
    expect(JSON.parse(json.text).rows).toContainEqual({
      group: 'spring-plans',
      leads: 1,
      booked: 0,
      contacted: 1,
      won: 1,
      monthly: plan.price,
    });

    // Each grouping names the won lead's group: the first and the last touch, the article it landed on, its
    // language, its office (its owner's) and its answer to "how did you hear about us".
    const wonUnder = async (by: string) =>
      (
        JSON.parse((await request(app).get(`/staff/reports.json?by=${by}`).set('Cookie', diego.cookie)).text) as {
          rows: { group: string; won: number; monthly: number }[];
        }
      ).rows.find((candidate) => candidate.won === 1)?.group;
    expect(await wonUnder('first')).toBe('newsletter');
    expect(await wonUnder('last')).toBe('google');
    expect(await wonUnder('article')).toBe(article.title);
    expect(await wonUnder('language')).toBe('English');
    expect(await wonUnder('office')).toBe('Bogota');
    expect(await wonUnder('heard')).toBe('Our newsletter');

    // Any period: one that ends before the leads came has none of them.
    const before = await page('/staff/reports?by=campaign&from=2020-01-01&to=2020-03-31');
    expect(before).toContain('No leads in this period.');
    expect(before).not.toContain('spring-plans');
  });

  it('reads a period or a grouping that is none as the default, never an error', async () => {
    for (const query of [
      '?by=nothing&from=2026-02-30&to=soon',
      '?from[]=1&to=2026-13-01',
      '?by=campaign&from=2027-01-01&to=2026-01-01',
    ])
      expect((await request(app).get(`/staff/reports${query}`).set('Cookie', diego.cookie)).status).toBe(200);
    expect(await page('/staff/reports?from=2026-03-01&to=2026-01-01')).toContain('value="2026-01-01"');
  });
});

describe('speed to lead in the console', () => {
  it('counts a lead sent on Friday evening and answered on Monday morning in office hours only', async () => {
    // Friday 5 December 2025, 17:30 in Miami, its owner's office (EST, UTC−5); a note on Monday 8 December at 09:15.
    // A past fortnight: the other tests' leads, sent today, never fall in it.
    await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana', office: 'Miami' });
    const id = insertLead(app.db, { received_at: '2025-12-05T22:30:00.000Z' });
    app.db.connection.prepare("UPDATE leads SET owner = 'ana@meridianlab.test' WHERE id = ?").run(id);
    await createInbox(app.db).addNote(
      id,
      'Called, left a message.',
      'ana@meridianlab.test',
      new Date('2025-12-08T14:15:00Z'),
    );
    // A status change later is no first action: the note was.
    await createInbox(app.db).changeStatus(id, {
      ...{ from: 'new', to: 'contacted', staffEmail: 'ana@meridianlab.test' },
      now: new Date('2025-12-09T20:00:00Z'),
    });
    expect(
      app.db.connection.prepare('SELECT first_action_at, first_action_office_seconds FROM leads WHERE id = ?').get(id),
    ).toEqual({ first_action_at: '2025-12-08T14:15:00.000Z', first_action_office_seconds: 45 * 60 });

    const html = await page('/staff/reports/speed?from=2025-12-01&to=2025-12-14');
    const row = (name: string) => new RegExp(`<th scope="row">${name}</th>((?:<td>[^<]*</td>)+)`).exec(html)?.[1];
    expect(row('Miami')).toBe('<td>1</td><td>45</td><td>45</td>');
    expect(row('Ana')).toBe('<td>1</td><td>45</td><td>45</td>');
    expect(row('<time dateTime="2025-12-01">Dec 1</time>')).toBe('<td>1</td><td>45</td><td>45</td>');
    const csv = await request(app)
      .get('/staff/reports/speed.csv?from=2025-12-01&to=2025-12-14&by=week')
      .set('Cookie', diego.cookie)
      .expect(200);
    expect(parseCsv(csv.text).slice(0, 2)).toEqual([
      ['Week of', 'Leads answered', 'Median (minutes)', '90th percentile (minutes)'],
      ['2025-12-01', '1', '45', '45'],
    ]);
  });
});
