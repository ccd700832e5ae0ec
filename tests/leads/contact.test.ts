import { pino } from 'pino';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import type { SiteApp } from '../../server/app';
import type { Logger } from '../../server/http/logger';
import { leadMessages } from '../../server/leads/messages';
import { createLeadStore } from '../../server/leads/store';
import { catalogues } from '../../server/pages/catalogues';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { HONEYPOT_FIELD } from '../../shared/model/contactForm';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { executableInlineScripts, TEST_SITE_URL, testApp, testConfig } from '../support/helpers';
import { section, text } from '../support/html';

const opened: TestApp[] = [];
afterAll(() => opened.forEach((app) => app.db.close()));

/** A fresh app (own database, own rate limit), logging into the returned lines. */
async function freshApp(env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) as unknown as Logger;
  const app = testApp(env, { logger });
  opened.push(app);
  pageTokens.set(app, await guardFields(app, 'contact'));
  lines.length = 0; // the page's own log line
  return { app, lines, leads: () => createLeadStore(app.db).all() };
}

const valid = {
  name: 'Ana Gómez',
  email: 'ana@example.com',
  company: 'Acme Clinics',
  phone: '+57 300 555 0101',
  service: 'all-in-one',
  message: 'We need a new website and an AI receptionist.',
};

/** The form page's token of each app, as a person's post has it (decision 073). */
const pageTokens = new Map<SiteApp, Record<string, string>>();
const withToken = (app: SiteApp, body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...pageTokens.get(app), ...body } : body;

const postJson = (app: SiteApp, body: unknown) =>
  request(app)
    .post('/api/contact')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(withToken(app, body)));

const postForm = (app: SiteApp, fields: Record<string, string>) =>
  request(app)
    .post('/api/contact')
    .type('form')
    .send(new URLSearchParams({ ...pageTokens.get(app), ...fields }).toString());

/** The opening tag of the element with this id, attributes in any order. */
function tagOf(html: string, id: string): string {
  return new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
}

/** One attribute's value in an opening tag, or undefined. */
function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

function textareaContent(html: string): string | undefined {
  return /<textarea\b[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
}

function settings(db: TestApp['db']): Record<string, string> {
  const rows = db.connection.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

describe('POST /api/contact with JSON (the enhanced form)', () => {
  it('stores the lead, committed, before answering 201', async () => {
    const { app, leads } = await freshApp();
    const before = new Date().toISOString();
    const response = await postJson(app, { ...valid, name: `  ${valid.name} `, [HONEYPOT_FIELD]: '' }).set(
      'User-Agent',
      'Test Browser/1.0',
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ok: true });
    const [lead, ...others] = await leads();
    expect(others).toEqual([]);
    expect(lead).toMatchObject({ ...valid, userAgent: 'Test Browser/1.0' });
    expect(lead!.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lead!.receivedAt >= before).toBe(true);
  });

  it('keeps a hash of the client address keyed with ANALYTICS_KEY, never the address', async () => {
    const { app, leads } = await freshApp({ TRUST_PROXY: '1' });
    await postJson(app, valid).set('X-Forwarded-For', '203.0.113.7');
    await postJson(app, valid).set('X-Forwarded-For', '203.0.113.7');
    await postJson(app, valid).set('X-Forwarded-For', '198.51.100.23');
    const [first, second, third] = await leads();
    expect(first!.clientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.clientHash).toBe(second!.clientHash);
    expect(third!.clientHash).not.toBe(first!.clientHash);
    const salt = settings(app.db).client_hash_salt;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    const raw = JSON.stringify(app.db.connection.prepare('SELECT * FROM leads').all());
    expect(raw).not.toContain('203.0.113.7');
    expect(raw).not.toContain('198.51.100.23');
  });

  it('gives each database its own salt', async () => {
    const a = (await freshApp()).app.db;
    const b = (await freshApp()).app.db;
    expect(settings(a).client_hash_salt).not.toBe(settings(b).client_hash_salt);
  });

  it.each([
    ['missing required fields', {}, ['email', 'message', 'name']],
    ['blank required fields', { ...valid, name: '   ', message: '\n' }, ['message', 'name']],
    [
      'values of the wrong type',
      { ...valid, name: 42, email: ['ana@example.com'], phone: { n: 1 } },
      ['email', 'name', 'phone'],
    ],
    ['a name that is too long', { ...valid, name: 'a'.repeat(201) }, ['name']],
    ['a company that is too long', { ...valid, company: 'a'.repeat(201) }, ['company']],
    ['a phone number that is too long', { ...valid, phone: '1'.repeat(51) }, ['phone']],
    ['a message that is too long', { ...valid, message: 'a'.repeat(5001) }, ['message']],
    ['an e-mail address that is not one', { ...valid, email: 'ana.example.com' }, ['email']],
    ['an unknown service', { ...valid, service: 'crypto-mining' }, ['service']],
    ['a body that is not an object', [valid], ['email', 'message', 'name']],
  ])('answers %s with 400 and the field errors, storing nothing', async (_name, body, fields) => {
    const { app, leads } = await freshApp();
    const response = await postJson(app, body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(fields);
    for (const message of Object.values(response.body.errors)) expect(message).toEqual(expect.any(String));
    expect(await leads()).toEqual([]);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const { app, leads } = await freshApp();
    for (const body of ['{"name": "Ana",', 'not json', '']) {
      const response = await request(app).post('/api/contact').set('Content-Type', 'application/json').send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect(await leads()).toEqual([]);
  });

  it('refuses a body over 32 KB with 413 without reading it', async () => {
    const { app, leads } = await freshApp();
    const response = await postJson(app, { ...valid, message: 'a'.repeat(33 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatch(/too long/);
    expect(await leads()).toEqual([]);
  });

  it.each([
    ['text/plain', 'text/plain', JSON.stringify(valid)],
    ['multipart', 'multipart/form-data; boundary=x', '--x--'],
    ['XML', 'application/xml', '<lead/>'],
    ['JSON in another charset', 'application/json; charset=iso-8859-1', JSON.stringify(valid)],
  ])('refuses %s with 415', async (_name, type, body) => {
    const { app, leads } = await freshApp();
    const response = await request(app).post('/api/contact').set('Content-Type', type).send(body);
    expect(response.status).toBe(415);
    expect(response.body.error).toMatch(/application\/json/);
    expect(await leads()).toEqual([]);
  });

  it('refuses a post without a content type with 415', async () => {
    const { app } = await freshApp();
    expect((await request(app).post('/api/contact')).status).toBe(415);
  });

  it('answers a filled honeypot exactly like a success, and stores nothing', async () => {
    const { app, leads } = await freshApp();
    const spam = await postJson(app, { ...valid, [HONEYPOT_FIELD]: 'https://spam.example' });
    const real = await postJson(app, valid);
    expect(spam.status).toBe(real.status);
    expect(spam.body).toEqual(real.body);
    expect(await leads()).toHaveLength(1);
  });

  it('answers the sixth message in a minute from one client with 429 and Retry-After', async () => {
    const { app, leads } = await freshApp();
    for (let i = 0; i < 5; i++) expect((await postJson(app, valid)).status).toBe(201);
    const limited = await postJson(app, valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.body.error).toMatch(/try again in \d+ seconds/);
    expect(await leads()).toHaveLength(5);
  });

  it('only answers POST', async () => {
    const { app } = await freshApp();
    expect((await request(app).put('/api/contact').send(valid)).status).toBe(404);
  });
});

describe('POST /api/contact without JavaScript (urlencoded form)', () => {
  it('stores the lead and answers 303 to the contact page with the success banner', async () => {
    const { app, leads } = await freshApp();
    const response = await postForm(app, { ...valid, [HONEYPOT_FIELD]: '' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/contact?sent=1#contact-form');
    expect(await leads()).toEqual([expect.objectContaining(valid)]);

    const page = await request(app).get('/contact?sent=1');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(
      /<div role="status"[^>]*><p[^>]*contact-banner--success[^>]*>.*Thank you for your message! We&#x27;ll get back to you within 24 hours\./,
    );
    const plain = await request(app).get('/contact');
    expect(plain.text).not.toContain('Thank you for your message!');
  });

  it('shows the page again with 400, the errors at their fields and everything typed', async () => {
    const { app, leads } = await freshApp();
    const typed = {
      name: 'A'.repeat(201),
      email: 'ana.example.com',
      company: 'Acme & <Sons>',
      phone: '+1 305 555 0199',
      service: 'marketing-ads',
      message: 'Line one\nLine "two" <script>alert(1)</script>',
      [HONEYPOT_FIELD]: '',
    };
    const response = await postForm(app, typed);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.text;
    expect(html).toContain('Get In Touch');
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://meridianlab.test/contact"/>');

    // The failure banner, and each invalid field marked and described by its message.
    expect(html).toMatch(/role="alert"[^>]*>.*please check the highlighted fields/);
    for (const field of ['name', 'email']) {
      const input = tagOf(html, `contact-${field}`);
      expect(attr(input, 'aria-invalid')).toBe('true');
      expect(attr(input, 'aria-describedby')).toBe(`contact-${field}-error`);
    }
    expect(html).toMatch(/<p id="contact-name-error"[^>]*>Please shorten your name to 200 characters or fewer\.<\/p>/);
    expect(html).toMatch(/<p id="contact-email-error"[^>]*>Please enter a valid e-mail address/);
    for (const field of ['company', 'phone', 'service', 'message'])
      expect(attr(tagOf(html, `contact-${field}`), 'aria-invalid')).toBeUndefined();

    // Every value as typed, escaped.
    expect(attr(tagOf(html, 'contact-name'), 'value')).toBe('A'.repeat(201));
    expect(attr(tagOf(html, 'contact-email'), 'value')).toBe('ana.example.com');
    expect(attr(tagOf(html, 'contact-company'), 'value')).toBe('Acme &amp; &lt;Sons&gt;');
    expect(attr(tagOf(html, 'contact-phone'), 'value')).toBe('+1 305 555 0199');
    expect(html).toMatch(/<option value="marketing-ads" selected="">/);
    // The service as typed, and "How did you hear about us?" left at its empty answer.
    expect(html.match(/selected=""/g)).toHaveLength(2);
    expect(html).toMatch(/<option value="" selected="">Choose one<\/option>/);
    expect(textareaContent(html)).toBe('Line one\nLine &quot;two&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(executableInlineScripts(html)).toEqual([]);
    // Shown at /api/contact, the page must not hydrate as another route: no scripts at all.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toContain('modulepreload');
    expect(await leads()).toEqual([]);
  });

  it('answers a body over 32 KB with a small page that gives the reason and the way back, without rendering the contact page', async () => {
    const { app } = await freshApp();
    const response = await postForm(app, { ...valid, message: 'a'.repeat(33 * 1024) });
    expect(response.status).toBe(413);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('it is too long');
    expect(response.text).toContain('href="/contact#contact-form"');
    expect(response.text).toMatch(/Back button/);
    expect(Buffer.byteLength(response.text)).toBeLessThan(2048);
  });

  it('answers a filled honeypot with the same redirect, and stores nothing', async () => {
    const { app, leads } = await freshApp();
    const response = await postForm(app, { ...valid, [HONEYPOT_FIELD]: 'https://spam.example' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/contact?sent=1#contact-form');
    expect(await leads()).toEqual([]);
  });

  it('over the rate limit answers 429 with Retry-After and a small page, without rendering the contact page', async () => {
    const { app, leads } = await freshApp();
    for (let i = 0; i < 5; i++) expect((await postForm(app, valid)).status).toBe(303);
    const response = await postForm(app, { ...valid, name: 'Sixth Sender' });
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.text).toMatch(/Please try again in \d+ seconds/);
    expect(response.text).toMatch(/what you typed is still there/);
    expect(response.text).not.toContain('Sixth Sender');
    expect(Buffer.byteLength(response.text)).toBeLessThan(2048);
    expect(await leads()).toHaveLength(5);
  });

  it('counts a post against the limit before reading its body: oversized posts count too', async () => {
    const { app } = await freshApp();
    for (let i = 0; i < 5; i++)
      expect((await postJson(app, { ...valid, message: 'a'.repeat(33 * 1024) })).status).toBe(413);
    expect((await postJson(app, valid)).status).toBe(429);
  });

  it('sends a page showing what the visitor typed with no-store, so no shared cache keeps it', async () => {
    const { app } = await freshApp();
    const response = await postForm(app, { ...valid, email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(response.text).toContain('not-an-address');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the contact page', () => {
  it('renders the form the spec describes, posting without JavaScript', async () => {
    const { app } = await freshApp();
    const { text } = await request(app).get('/contact');
    const form = /<form\b[^>]*>/.exec(text)?.[0] ?? '';
    expect(attr(form, 'method')).toBe('post');
    expect(attr(form, 'action')).toBe('/api/contact');
    const labels = Object.fromEntries(
      [...text.matchAll(/<label for="([^"]+)"[^>]*>([^<]*)/g)].map((match) => [match[1], match[2]]),
    );
    expect(labels).toMatchObject({
      'contact-name': 'Full Name',
      'contact-email': 'Email Address',
      'contact-company': 'Company/Organization',
      'contact-phone': 'Phone Number',
      'contact-service': 'Service of Interest',
      'contact-message': 'Message',
    });
    const expected = [
      ['name', 'text', true],
      ['email', 'email', true],
      ['company', 'text', false],
      ['phone', 'tel', false],
    ] as const;
    for (const [name, type, required] of expected) {
      const input = tagOf(text, `contact-${name}`);
      expect(input.startsWith('<input')).toBe(true);
      expect(attr(input, 'name')).toBe(name);
      expect(attr(input, 'type')).toBe(type);
      expect(attr(input, 'required')).toBe(required ? '' : undefined);
    }
    const select = tagOf(text, 'contact-service');
    expect(select.startsWith('<select')).toBe(true);
    expect(attr(select, 'required')).toBeUndefined();
    const message = tagOf(text, 'contact-message');
    expect(message.startsWith('<textarea')).toBe(true);
    expect(attr(message, 'name')).toBe('message');
    expect(attr(message, 'rows')).toBe('5');
    expect(attr(message, 'required')).toBe('');
    // No custom checks in the browser: no patterns, no length limits, native validation on.
    expect(text).not.toMatch(/\s(pattern|maxlength|minlength)=/i);
    expect(attr(form, 'novalidate')).toBeUndefined();
    const options = [...text.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(options).toEqual([
      ['', 'Select a service'],
      ['web-subscription', 'Web Subscription'],
      ['ai-voice-systems', 'AI Voice Systems'],
      ['marketing-ads', 'Marketing with Ads'],
      ['all-in-one', 'All-in-One Package'],
      ['custom-project', 'Custom Project'],
      ['consultation', 'Consultation'],
      ['other', 'Other'],
      // "How did you hear about us?", optional, after the message.
      ['', 'Choose one'],
      ['search', 'A search engine'],
      ['ad', 'An ad'],
      ['social', 'Social media'],
      ['newsletter', 'Our newsletter'],
      ['referral', 'Someone recommended you'],
      ['event', 'An event'],
      ['other', 'Other'],
    ]);
    // The honeypot: out of sight, out of the accessibility tree and the tab order.
    const trap =
      /<div class="([^"]*)" aria-hidden="true"><label for="contact-mlx-hp">Leave this empty<\/label>(<input[^>]*>)<\/div>/.exec(
        text,
      );
    expect(trap?.[1]).toContain('visually-hidden');
    expect(attr(trap?.[2] ?? '', 'name')).toBe(HONEYPOT_FIELD);
    expect(attr(trap?.[2] ?? '', 'tabindex')).toBe('-1');
    expect(attr(trap?.[2] ?? '', 'autocomplete')).toBe('off');
  });

  it.each([
    ['/contact', 'example number, not yet in service'],
    ['/es/contacto', 'número de ejemplo, aún sin servicio'],
  ])(
    '%s marks every stand-in phone number as an example, dials none from its opening and gives none to machines',
    async (path, note) => {
      const { app } = await freshApp();
      const html = (await request(app).get(path)).text;
      const main = text(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '');
      // Three departments, then the Miami and New York offices; Bogota has no number until the lab gives one.
      const numbers = main.match(/\+1 \(\d{3}\) 555-01\d\d/g) ?? [];
      expect(numbers).toHaveLength(5);
      expect(main.match(new RegExp(`\\+1 \\(\\d{3}\\) 555-01\\d\\d \\(${note}\\)`, 'g'))).toHaveLength(5);
      expect(html).not.toContain('555 0190');
      expect(section(html, 'page-title')).not.toContain('href="tel:');
      expect(html).not.toContain('"telephone"');
    },
  );

  it('lists the departments, response times, hours, offices and FAQ', async () => {
    const { app } = await freshApp();
    const { text } = await request(app).get('/contact');
    for (const name of ['General Inquiries', 'Web Development', 'Sales &amp; Marketing'])
      expect(text).toContain(`>${name}</h3>`);
    expect(text.match(/href="mailto:[^"]+"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('href="mailto:hello@meridianlab.dev"');
    // A stand-in number is no link to call (tests/pages/pages.test.ts follows each one).
    expect(text).not.toContain('href="tel:+13055550142"');
    expect(text).toMatch(/E-mail inquiries<\/dt><dd>Within 4 hours/);
    expect(text).toMatch(/Quote requests<\/dt><dd>Within 24 hours/);
    expect(text).toMatch(/Emergency support for clients<\/dt><dd>24\/7/);
    expect(text).toContain('Mon-Fri 9:00 AM - 6:00 PM EST');
    for (const office of ['Miami Headquarters', 'Bogota Studio', 'New York Office']) expect(text).toContain(office);
    expect(text.match(/<details/g)).toHaveLength(4);
    expect(text.match(/<summary/g)).toHaveLength(4);
    expect(text).toContain('Most websites are completed in 2-4 weeks');
    expect(text).toContain('All subscription packages include ongoing maintenance, updates and technical support');
  });
});

describe('privacy of leads', () => {
  it('writes nothing a visitor sent to the logs, on success or on any failure', async () => {
    const { app, lines } = await freshApp({ TRUST_PROXY: '1' });
    const secret = {
      name: 'Zelda Unique-Name',
      email: 'zelda.secret@example.org',
      company: 'Hidden Co',
      phone: '+1 999 888 7777',
      service: 'other',
      message: 'Confidential plans XYZZY',
    };
    const from = (req: request.Test) => req.set('X-Forwarded-For', '192.0.2.99').set('User-Agent', 'SecretAgent/7');
    await from(postJson(app, secret));
    await from(postForm(app, secret));
    await from(postJson(app, { ...secret, email: 'bad' }));
    await from(postForm(app, { ...secret, email: 'bad' }));
    await from(postJson(app, { ...secret, [HONEYPOT_FIELD]: 'spam' }));
    await from(
      request(app).post('/api/contact').set('Content-Type', 'application/json').send('{"name":"Zelda Unique-Name",'),
    );
    await from(postJson(app, { ...secret, message: `Confidential plans XYZZY ${'a'.repeat(40_000)}` }));
    for (let i = 0; i < 3; i++) await from(postForm(app, secret));
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('"path":"/api/contact"');
    for (const value of [
      ...Object.values(secret).filter((value) => value !== 'other'),
      '192.0.2.99',
      'SecretAgent',
      'XYZZY',
      'Zelda',
    ]) {
      expect(log).not.toContain(value);
    }
  });
});

/** What the contact form and its refusals say in both languages. */
const contactIn = {
  page: { en: '/contact', es: '/es/contacto' },
  /** How the team's notification names the language the visitor wrote in. */
  language: { en: 'English', es: 'Spanish' },
  requiredErrors: {
    en: { name: 'Please enter your full name.', message: 'Please enter a message.' },
    es: { name: 'Escriba su nombre completo.', message: 'Escriba un mensaje.' },
  },
  nothingSent: { en: 'Nothing was sent', es: 'No se envió nada' },
  crossSite: {
    en: 'Forms can only be sent from this site.',
    es: 'Los formularios solo se pueden enviar desde este sitio.',
  },
  retryLater: {
    en: /Please try again in \d+ seconds, or e-mail us/,
    es: /Inténtelo de nuevo en \d+ segundos?, o escríbanos/,
  },
} satisfies Record<string, Record<Locale, unknown>>;

describe.each(locales)('the contact form in %s', (locale) => {
  const endpoint = `/api/contact${locale === 'en' ? '' : `?locale=${locale}`}`;
  const page = contactIn.page[locale];
  const { contact } = catalogues[locale];
  const typed = {
    name: 'Ana Gómez',
    email: 'ana@example.com',
    company: '',
    phone: '',
    service: 'marketing-ads',
    message: 'Necesitamos pauta.',
  };
  const postIn = (app: SiteApp, fields: Record<string, string>) =>
    request(app)
      .post(endpoint)
      .type('form')
      .send(new URLSearchParams({ ...pageTokens.get(app), ...fields }).toString());

  it('posts to the endpoint with its language in the URL', async () => {
    const { text } = await request((await freshApp()).app).get(page);
    expect(text).toContain(`action="${endpoint}"`);
  });

  it('without JavaScript, sends the visitor back to the page in its language and stores the lead with it', async () => {
    const { app, leads } = await freshApp();
    const response = await postIn(app, typed);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`${page}?sent=1#contact-form`);
    const [lead] = await leads();
    expect(lead).toMatchObject({ name: 'Ana Gómez', locale });
    const [notification] = leadMessages(testConfig().mail, TEST_SITE_URL)(lead!);
    expect(notification?.kind === 'lead-notification' && notification.mail.text).toContain(
      `Language: ${contactIn.language[locale]}`,
    );
  });

  it('shows the page again in its language with its errors and everything typed', async () => {
    const response = await postIn((await freshApp()).app, {
      ...typed,
      email: 'no-es-correo',
      message: 'Hola, necesitamos ayuda con nuestro sitio.',
    });
    expect(response.status).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(response.text).toContain(contact.fieldErrors.invalidEmail);
    expect(response.text).toContain(contact.failureMessage({ kind: 'invalid' }));
    expect(response.text).toContain('value="no-es-correo"');
    expect(response.text).toContain('Hola, necesitamos ayuda con nuestro sitio.');
  });

  it('answers the enhanced form in its language too', async () => {
    const response = await request((await freshApp()).app)
      .post(endpoint)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: '' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject(contactIn.requiredErrors[locale]);
  });

  it('refuses a post from another site with a small page in its language that leads back to its form', async () => {
    const response = await postIn((await freshApp()).app, typed).set('Origin', 'https://elsewhere.example');
    expect(response.status).toBe(403);
    expect(response.text).toContain(`<html lang="${locale}">`);
    expect(response.text).toContain(contactIn.nothingSent[locale]);
    expect(response.text).toContain(contactIn.crossSite[locale]);
    expect(response.text).toContain(`href="${page}#contact-form"`);
  });

  it('words the rate limit in its language, with the seconds to wait', async () => {
    const { app } = await freshApp();
    for (let i = 0; i < 5; i++) await postIn(app, { ...typed, email: '' });
    const response = await postIn(app, typed);
    expect(response.status).toBe(429);
    expect(response.text).toMatch(contactIn.retryLater[locale]);
  });
});
