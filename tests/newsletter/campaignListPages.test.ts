/** The campaign list a page at a time (decision 091): newest first, every campaign once, and back. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testApp } from '../support/helpers';
import { pageLink } from '../support/pageLinks';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
const CAMPAIGNS = 60;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const add = app.db.connection.prepare(
    `INSERT INTO campaigns (created_at, subject_en, preview_en, body_en, subject_es, preview_es, body_es)
     VALUES ('2026-01-01T00:00:00.000Z', ?, 'P', 'B', 'S', 'P', 'B')`,
  );
  for (let n = 1; n <= CAMPAIGNS; n++) add.run(`Issue ${n}`);
});
afterAll(() => app.db.close());

const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);
const subjects = (html: string) => [...html.matchAll(/>Issue (\d+)</g)].map((match) => Number(match[1]));

describe('the campaign list', () => {
  it('shows 25 a page with their figures, newest first, every campaign once, and back', async () => {
    const pages: number[][] = [];
    let html = '';
    for (let path: string | undefined = '/staff/newsletter'; path; path = pageLink(html, 'next')) {
      const page = await get(path);
      expect(page.status).toBe(200);
      html = page.text;
      expect(html).toMatch(/Campaigns[^]*?60/);
      pages.push(subjects(html));
    }
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(Array.from({ length: CAMPAIGNS }, (_, n) => CAMPAIGNS - n));
    const back = (await get(pageLink(html, 'prev')!)).text;
    expect(subjects(back)).toEqual(pages[1]);
    expect((await get('/staff/newsletter?after=2026-01-01T00:00:00.000Z_5')).text).toContain('>Issue 60<');
  });
});
