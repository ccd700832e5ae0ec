import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { readSettings } from '../../server/booking/settings';
import { testApp } from '../support/helpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const app = testApp();
afterAll(() => app.db.close());

const form = {
  durationMinutes: '45',
  bufferMinutes: '15',
  noticeMinutes: '120',
  horizonDays: '14',
  dailyCap: '4',
  meetingUrl: 'https://meet.example.com/lab',
};

describe('the intro call’s settings in the console', () => {
  it('an owner changes them, in the audit log; a wrong value is refused with everything typed', async () => {
    await addAccount(app.db, 'owner@meridianlab.test');
    const owner = await sessionFor(app, 'owner@meridianlab.test');
    const saved = await consolePost(app, '/staff/bookings/settings', owner, { ...form, csrf: owner.csrf });
    expect(saved.status).toBe(303);
    expect(await readSettings(app.db)).toEqual({
      ...{ durationMinutes: 45, bufferMinutes: 15, noticeMinutes: 120, horizonDays: 14, dailyCap: 4 },
      meetingUrl: 'https://meet.example.com/lab',
    });
    const audit = app.db.connection.prepare("SELECT object FROM audit_log WHERE action = 'setting.change'").all();
    expect(audit).toEqual([{ object: 'intro call' }]);
    const refused = await consolePost(app, '/staff/bookings/settings', owner, {
      csrf: owner.csrf,
      ...form,
      dailyCap: '0',
      meetingUrl: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Calls a day per person at most is a whole number from 1 to 20.');
    expect(refused.text).toContain('The meeting link is an https:// address, or empty.');
    expect(refused.text).toContain('value="javascript:alert(1)"');
    expect((await readSettings(app.db)).dailyCap).toBe(4);
  });

  it('is the owners’ alone', async () => {
    await addAccount(app.db, 'sales@meridianlab.test', undefined, { role: 'sales' });
    const sales = await sessionFor(app, 'sales@meridianlab.test');
    const page = await request(app).get('/staff/bookings/settings').set('Cookie', sales.cookie);
    expect(page.status).toBe(403);
    expect((await consolePost(app, '/staff/bookings/settings', sales, { ...form, csrf: sales.csrf })).status).toBe(403);
  });
});
