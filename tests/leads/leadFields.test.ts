import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLeadStore } from '../../server/leads/store';
import { catalogues } from '../../server/pages/catalogues';
import type { ContactFieldSpec } from '../../shared/content/contactFields';
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import { locales } from '../../shared/lib/locale';
import { localizePath } from '../../shared/routes';
import { csvRecords } from '../support/csv';
import { guardFields } from '../support/formGuard';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, sessionFor } from '../support/staffHelpers';

/**
 * Every field of the form's table goes all the way, a field added later too:
 * shown on the form, stored, shown on the lead's console page, exported, and
 * carried by the team's e-mail and the webhook.
 */

const app = testApp({ LEAD_WEBHOOK_URL: 'https://hooks.example.org/lead', LEAD_WEBHOOK_SECRET: 'w'.repeat(32) });
afterAll(() => app.db.close());
let client: StaffClient;
const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);

/** A value the server takes, told apart from every other field's, and plain in HTML, CSV and a mail line. */
function sent(field: ContactFieldSpec): string {
  if (field.control === 'select') return field.options[1]!;
  if (field.control === 'email') return `${field.name}.sent@example.com`;
  return `${field.name} sent`;
}
const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, sent(field)]));

/** The value as the staff read it: a select's option by its English name. */
const shown = (field: ContactFieldSpec) =>
  field.control === 'select'
    ? (field.name === 'service' ? catalogues.en.contact.serviceOptions : catalogues.en.contact.heardOptions).find(
        (option) => option.value === values[field.name],
      )!.label
    : values[field.name]!;

let id: number;
const outbox = async (kind: string) =>
  JSON.parse(
    (await app.db.get<{ payload: string }>('SELECT payload FROM outbox WHERE lead_id = ? AND kind = ?', id, kind))!
      .payload,
  );

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const response = await request(app)
    .post('/api/contact')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ ...(await guardFields(app, 'contact')), ...values }));
  expect(response.status).toBe(201);
  id = (await createLeadStore(app.db).all())[0]!.id;
});

describe.each(CONTACT_FIELDS)('the field $name', (field) => {
  it('is on the form in every language', async () => {
    for (const locale of locales) {
      const { text } = await request(app).get(localizePath('/contact', locale));
      expect(text).toMatch(new RegExp(`<(input|select|textarea)\\b[^>]*\\bname="${field.name}"`));
      expect(text).toContain(`>${catalogues[locale].contact.fieldCopy[field.name].label}`);
    }
  });

  it('is stored, and shown on the lead’s console page', async () => {
    const [lead] = await createLeadStore(app.db).all();
    expect(lead![field.name]).toBe(values[field.name]);
    expect((await get(`/staff/leads/${id}`)).text).toContain(shown(field));
  });

  it('is in the console’s CSV and JSON exports', async () => {
    expect(csvRecords((await get('/staff/leads.csv')).text)[0]![field.name]).toBe(values[field.name]);
    expect(JSON.parse((await get('/staff/leads.json')).text)[0][field.name]).toBe(values[field.name]);
  });

  it('is in the team’s e-mail and in the webhook’s body', async () => {
    const { mail } = await outbox('lead-notification');
    const label = catalogues.en.contact.fieldCopy[field.name].label;
    expect(mail.text).toContain(
      field.control === 'textarea' ? `\n${label}:\n${shown(field)}\n` : `\n${label}: ${shown(field)}\n`,
    );
    const { body } = await outbox('lead-webhook');
    expect(body.lead[field.name]).toBe(values[field.name]);
  });
});
