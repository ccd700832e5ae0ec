import { describe, expect, it } from 'vitest';

import type { MailConfig } from '../../server/config';
import type { Lead } from '../../server/leads/columns';
import { leadColumns } from '../../server/leads/columns';
import { leadMessages } from '../../server/leads/messages';
import { toCsv } from '../../server/lib/csv';

/**
 * What others read of a lead, to the letter: the team's e-mail, the webhook's
 * JSON (its keys in order, as receivers may show them) and the CSV export's
 * columns (the command's and the console's exports are checked against them).
 * Adding a field to the form changes these on purpose, and this file with them.
 */

const mail: Pick<MailConfig, 'inboxes' | 'webhook'> = {
  inboxes: { general: 'hello@meridianlab.test', development: 'dev@meridianlab.test', sales: 'sales@meridianlab.test' },
  webhook: { url: 'https://hooks.example.org/lead', secret: 'x'.repeat(32) },
};

const attribution = {
  first: { source: 'newsletter', medium: 'email', campaign: 'nov', content: '', referrer: '', landing: '/blog' },
  last: { source: '', medium: '', campaign: '', content: '', referrer: 'google.com', landing: '/services' },
  formPage: '/es/contacto',
  pagesSeen: 4,
};

/** Every field filled, from a tagged visit, in Spanish. */
const full: Lead = {
  id: 12,
  receivedAt: '2024-03-15T14:00:00.000Z',
  name: 'Jane Smith',
  email: 'jane@acme.example',
  company: 'Acme',
  phone: '+1 305 555 0100',
  service: 'marketing-ads',
  message: 'We need ads.\nBudget: $2,000.',
  heard: 'event',
  heardtext: 'Medellín AI meetup',
  clientHash: 'ab'.repeat(32),
  userAgent: 'Test/1.0',
  locale: 'es',
  attribution: JSON.stringify(attribution),
  source: 'newsletter',
  campaign: 'nov',
  notice: 'lead-0123456789ab',
  consentChannel: 'contact form on /es/contacto',
  externalId: '0f8e2b4c-1d3a-4e5f-9a6b-7c8d9e0f1a2b',
};

/** Only the required fields, from an unknown visit. */
const bare: Lead = {
  ...full,
  id: 13,
  company: '',
  phone: '',
  service: '',
  message: 'Hi',
  heard: '',
  heardtext: '',
  userAgent: '',
  locale: 'en',
  attribution: '{}',
  source: '',
  campaign: '',
  notice: '',
  consentChannel: '',
  externalId: '',
};

const compose = leadMessages(mail, 'https://meridianlab.test');

function messagesOf(lead: Lead) {
  const [notification, webhook] = compose(lead);
  if (notification?.kind !== 'lead-notification' || webhook?.kind !== 'lead-webhook')
    throw new Error('expected a notification and a webhook');
  return { text: notification.mail.text, body: webhook.body };
}

describe("the team's e-mail about a lead", () => {
  it('has a line per field, where the visit came from, then the message', () => {
    expect(messagesOf(full).text).toBe(
      [
        'A visitor sent this message through the contact form on https://meridianlab.test.',
        '',
        'Full Name: Jane Smith',
        'Email Address: jane@acme.example',
        'Company/Organization: Acme',
        'Phone Number: +1 305 555 0100',
        'Service of Interest: Marketing with Ads',
        'How did you hear about us?: An event',
        'Tell us more: Medellín AI meetup',
        'Received: Friday, March 15, 2024 at 10:00:00 AM EDT',
        'Routed to: Sales & Marketing',
        'Language: Spanish',
        'Source: newsletter / email',
        'Campaign: nov',
        'Last touch: google.com',
        'Landing page: /blog',
        'Sent from: /es/contacto',
        'Pages seen before: 4',
        '',
        'Message:',
        'We need ads.',
        'Budget: $2,000.',
        '',
        '--',
        'Reply to this e-mail to answer Jane Smith directly. The contact page promises an answer within 4 hours.',
        '',
      ].join('\n'),
    );
  });

  it('says what was not given', () => {
    expect(messagesOf(bare).text).toBe(
      [
        'A visitor sent this message through the contact form on https://meridianlab.test.',
        '',
        'Full Name: Jane Smith',
        'Email Address: jane@acme.example',
        'Company/Organization: (not given)',
        'Phone Number: (not given)',
        'Service of Interest: No service chosen',
        'How did you hear about us?: (not given)',
        'Tell us more: (not given)',
        'Received: Friday, March 15, 2024 at 10:00:00 AM EDT',
        'Routed to: General Inquiries',
        'Language: English',
        'Source: (not given)',
        '',
        'Message:',
        'Hi',
        '',
        '--',
        'Reply to this e-mail to answer Jane Smith directly. The contact page promises an answer within 4 hours.',
        '',
      ].join('\n'),
    );
  });
});

describe("the webhook's body", () => {
  it('carries the fields, the service by name, the language and the visit, keys in this order', () => {
    expect(JSON.stringify(messagesOf(full).body)).toBe(
      JSON.stringify({
        type: 'lead.created',
        text: 'New lead: Marketing with Ads — Jane Smith (Acme)',
        department: { id: 'sales', name: 'Sales & Marketing' },
        lead: {
          id: 12,
          receivedAt: '2024-03-15T14:00:00.000Z',
          name: 'Jane Smith',
          email: 'jane@acme.example',
          company: 'Acme',
          phone: '+1 305 555 0100',
          service: 'marketing-ads',
          serviceLabel: 'Marketing with Ads',
          message: 'We need ads.\nBudget: $2,000.',
          heard: 'event',
          heardtext: 'Medellín AI meetup',
          locale: 'es',
          source: 'newsletter',
          campaign: 'nov',
          attribution,
        },
      }),
    );
  });

  it('gives null for no service, no source and no visit', () => {
    expect(JSON.stringify(messagesOf(bare).body)).toBe(
      JSON.stringify({
        type: 'lead.created',
        text: 'New lead: No service chosen — Jane Smith',
        department: { id: 'general', name: 'General Inquiries' },
        lead: {
          id: 13,
          receivedAt: '2024-03-15T14:00:00.000Z',
          name: 'Jane Smith',
          email: 'jane@acme.example',
          company: '',
          phone: '',
          service: '',
          serviceLabel: null,
          message: 'Hi',
          heard: '',
          heardtext: '',
          locale: 'en',
          source: null,
          campaign: null,
          attribution: null,
        },
      }),
    );
  });
});

describe('the CSV export of leads', () => {
  it('has these columns, every cell quoted and formula-safe, CRLF rows', () => {
    const visit = JSON.stringify(attribution).replace(/"/g, '""');
    expect(toCsv(leadColumns, [full, bare])).toBe(
      [
        'id,received_at,name,email,company,phone,service,message,heard,heardtext,client_hash,user_agent,source,campaign,attribution,notice,consent_channel',
        `"12","2024-03-15T14:00:00.000Z","Jane Smith","jane@acme.example","Acme","'+1 305 555 0100","marketing-ads","We need ads.\nBudget: $2,000.","event","Medellín AI meetup","${'ab'.repeat(32)}","Test/1.0","newsletter","nov","${visit}","lead-0123456789ab","contact form on /es/contacto"`,
        `"13","2024-03-15T14:00:00.000Z","Jane Smith","jane@acme.example","","","","Hi","","","${'ab'.repeat(32)}","","","","{}","",""`,
        '',
      ].join('\r\n'),
    );
  });
});
