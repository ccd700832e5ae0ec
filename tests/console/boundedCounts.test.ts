/**
 * A console list's heading counts its matches up to a thousand and then says "1,000+" (decision 095), so the count
 * costs a thousand rows however large the list; the pending sign-ups show the newest hundred with their count.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedReaders } from '../support/campaigns';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, insertLead, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
afterAll(() => app.db.close());
const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);
const text = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</h2>`)
    .exec(html)![1]!
    .replace(/<[^>]+>|<!-- -->/g, '')
    .trim();

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  for (let n = 0; n < 1000; n++) insertLead(app.db, { name: `Lead ${n}`, email: `lead${n}@example.test` });
});

describe('a console heading over a thousand matches', () => {
  it('counts the inbox exactly up to a thousand, then as 1,000+', async () => {
    expect(text((await get('/staff/leads')).text, 'leads-count')).toBe('1000 leads');
    insertLead(app.db, { name: 'One more', email: 'more@example.test' });
    expect(text((await get('/staff/leads')).text, 'leads-count')).toBe('1,000+ leads');
    // A search's count is bounded alike, and exact below the cap.
    expect(text((await get('/staff/leads?q=more%40')).text, 'leads-count')).toBe('1 lead');
  });

  it('counts the subscribers alike, and shows the newest hundred pending sign-ups with how many there are', async () => {
    await seedReaders(app.db, 1001);
    const at = new Date().toISOString();
    for (let n = 0; n < 101; n++)
      await app.db.run(
        'INSERT INTO subscribers (email, created_at) VALUES (?, ?)',
        `pending${n}@example.test`,
        `${at.slice(0, 20)}${String(n).padStart(3, '0')}Z`,
      );
    const page = (await get('/staff/subscribers')).text;
    expect(text(page, 'confirmed-title')).toBe('Confirmed 1,000+');
    expect(text(page, 'pending-title')).toBe('Pending 101');
    expect(page).toContain('The newest 100 are shown.');
    expect(page).toContain('pending100@example.test');
    expect(page).not.toContain('pending0@example.test');
  });
});
