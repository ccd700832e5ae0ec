import { describe, expect, it } from 'vitest';

import { decodeBody } from '../../server/http/formEndpoint';
import { parseContactBody, validateContact } from '../../server/leads/validation';
import { catalogues } from '../../server/pages/catalogues';
import { FIELD_LIMITS, SERVICE_VALUES } from '../../shared/content/contactFields';
import { EMPTY_CONTACT_VALUES, HONEYPOT_FIELD } from '../../shared/model/contactForm';

const { en, es } = catalogues;

const valid = { name: 'Ana Gómez', email: 'ana@example.com', message: 'We need a new website.' };

describe('validateContact', () => {
  it('accepts the three required fields alone, with the optional ones empty', () => {
    expect(validateContact(valid, en.contact.fieldErrors)).toEqual({
      ok: true,
      value: { ...EMPTY_CONTACT_VALUES, ...valid },
    });
  });

  it('trims every field and drops unknown ones', () => {
    const result = validateContact(
      { ...valid, name: '  Ana  ', company: ' Acme ', extra: 'x', website: '' },
      en.contact.fieldErrors,
    );
    expect(result).toEqual({ ok: true, value: { ...EMPTY_CONTACT_VALUES, ...valid, name: 'Ana', company: 'Acme' } });
  });

  it('asks for each missing required field, blank counting as missing', () => {
    expect(validateContact({}, en.contact.fieldErrors)).toEqual({
      ok: false,
      errors: {
        name: 'Please enter your full name.',
        email: 'Please enter your e-mail address.',
        message: 'Please enter a message.',
      },
    });
    expect(validateContact({ ...valid, message: ' \n\t ' }, en.contact.fieldErrors)).toMatchObject({
      ok: false,
      errors: { message: 'Please enter a message.' },
    });
  });

  it('treats a body that is not an object as an empty form', () => {
    for (const body of [null, 'text', 42, [valid]]) {
      const result = validateContact(body, en.contact.fieldErrors);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['email', 'message', 'name']);
    }
  });

  it('refuses values of the wrong type', () => {
    const result = validateContact(
      { name: 42, email: ['a@b.co'], message: { text: 'hi' }, phone: null, company: true },
      en.contact.fieldErrors,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['company', 'email', 'message', 'name', 'phone']);
      expect(result.errors.name).toBe('Please enter this as text.');
    }
  });

  it('refuses an e-mail address that is not one', () => {
    for (const email of ['ana', 'ana@', '@example.com', 'ana example@x.co', 'ana@example']) {
      expect(validateContact({ ...valid, email }, en.contact.fieldErrors)).toMatchObject({
        ok: false,
        errors: { email: expect.stringContaining('valid e-mail') },
      });
    }
  });

  it('bounds each field: exactly the limit passes, one more fails', () => {
    const cases = {
      name: FIELD_LIMITS.name,
      company: FIELD_LIMITS.company,
      phone: FIELD_LIMITS.phone,
      message: FIELD_LIMITS.message,
    };
    expect(FIELD_LIMITS).toMatchObject({ name: 200, company: 200, phone: 50, message: 5000, email: 254 });
    for (const [field, limit] of Object.entries(cases)) {
      expect(validateContact({ ...valid, [field]: 'a'.repeat(limit) }, en.contact.fieldErrors).ok).toBe(true);
      expect(validateContact({ ...valid, [field]: 'a'.repeat(limit + 1) }, en.contact.fieldErrors)).toMatchObject({
        ok: false,
        errors: { [field]: expect.stringContaining(`${limit} characters or fewer`) },
      });
    }
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.com`;
    expect(longEmail.length).toBeGreaterThan(254);
    expect(validateContact({ ...valid, email: longEmail }, en.contact.fieldErrors)).toMatchObject({
      ok: false,
      errors: { email: expect.stringContaining('254') },
    });
  });

  it('takes each listed service or none, and nothing else', () => {
    for (const service of [...SERVICE_VALUES, ''])
      expect(validateContact({ ...valid, service }, en.contact.fieldErrors).ok).toBe(true);
    for (const service of ['web', 'Web Subscription', 'all-in-one ', 'consulting']) {
      const result = validateContact({ ...valid, service }, en.contact.fieldErrors);
      // Surrounding spaces are trimmed like any field; a value outside the list is refused.
      if (service === 'all-in-one ') expect(result.ok).toBe(true);
      else expect(result).toMatchObject({ ok: false, errors: { service: 'Please choose a service from the list.' } });
    }
  });
});

describe('parseContactBody', () => {
  const form = (text: string) => parseContactBody(decodeBody('form', Buffer.from(text)));
  const json = (value: unknown) => parseContactBody(decodeBody('json', Buffer.from(JSON.stringify(value))));

  it('reads a urlencoded form and spots a filled honeypot', () => {
    expect(form(`name=Ana+G%C3%B3mez&email=ana%40example.com&message=Hi&${HONEYPOT_FIELD}=`)).toEqual({
      ok: true,
      spam: false,
      fields: { name: 'Ana Gómez', email: 'ana@example.com', message: 'Hi', [HONEYPOT_FIELD]: '' },
    });
    expect(form(`name=Bot&${HONEYPOT_FIELD}=http%3A%2F%2Fspam.example`)).toMatchObject({ ok: true, spam: true });
  });

  it('reads JSON, refuses malformed JSON, and spots a filled honeypot', () => {
    expect(json(valid)).toEqual({ ok: true, spam: false, fields: valid });
    expect(parseContactBody(decodeBody('json', Buffer.from('{"name": "Ana",')))).toEqual({
      ok: false,
      error: 'The request body is not valid JSON.',
    });
    expect(parseContactBody(decodeBody('json', Buffer.alloc(0)))).toMatchObject({ ok: false });
    expect(json({ ...valid, [HONEYPOT_FIELD]: 'x' })).toMatchObject({ spam: true });
    expect(json({ ...valid, [HONEYPOT_FIELD]: '   ' })).toMatchObject({ spam: false });
  });

  it('names the honeypot so that no autofill fills it for a real visitor', () => {
    expect(HONEYPOT_FIELD).not.toMatch(
      /url|web|site|home|page|name|mail|phone|tel|company|org|address|city|zip|postal|country/i,
    );
  });
});

describe('validateContact in Spanish', () => {
  it("words every refusal in the form's language", () => {
    expect(validateContact({}, es.contact.fieldErrors)).toEqual({
      ok: false,
      errors: {
        name: 'Escriba su nombre completo.',
        email: 'Escriba su correo electrónico.',
        message: 'Escriba un mensaje.',
      },
    });
    expect(
      validateContact({ name: 'Ana', email: 'no-es-correo', message: 'Hola', service: 'nada' }, es.contact.fieldErrors),
    ).toEqual({
      ok: false,
      errors: {
        email: 'Escriba un correo electrónico válido, por ejemplo nombre@empresa.com.',
        service: 'Escoja un servicio de la lista.',
      },
    });
  });
});
