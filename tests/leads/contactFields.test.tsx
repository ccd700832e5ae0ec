import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { validateContact } from '../../server/leads/validation';
import { catalogues } from '../../server/pages/catalogues';
import { ContactField } from '../../shared/components/contact/ContactField';
import { LocaleContext } from '../../shared/components/contexts';
import type { ContactFieldSpec, RequiredFieldName } from '../../shared/content/contactFields';
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import { locales } from '../../shared/lib/locale';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';

/**
 * The form and the server read each field from the same line of the table;
 * these checks walk every line, so a field added later is held to them too.
 */

/** A value the server takes for this field, as long as asked where the field allows it. */
function accepted(field: ContactFieldSpec, length = 1): string {
  if (field.control === 'select') return field.options[0]!;
  if (field.control === 'email') return `${'a'.repeat(Math.max(1, length - 12))}@example.com`;
  return 'a'.repeat(length);
}

/** Every field filled with a value the server takes. */
const filled = { ...EMPTY_CONTACT_VALUES };
for (const field of CONTACT_FIELDS) filled[field.name] = accepted(field);

describe.each(locales)('the contact form and the server, in %s', (locale) => {
  const catalogue = catalogues[locale];
  const texts = catalogue.contact.fieldErrors;

  /** The field as the page renders it. */
  const rendered = (field: ContactFieldSpec) =>
    renderToStaticMarkup(
      <LocaleContext value={{ locale, alternates: {}, localize: (to) => to, catalogue }}>
        <ContactField field={field} value="" onChange={() => {}} />
      </LocaleContext>,
    );

  /** The opening tag of the field's control. */
  function control(field: ContactFieldSpec): string {
    const tag = new RegExp(`<(input|select|textarea)\\b[^>]*\\bname="${field.name}"[^>]*>`).exec(rendered(field))?.[0];
    if (!tag) throw new Error(`${field.name} is not rendered`);
    return tag;
  }

  it.each(CONTACT_FIELDS)('agree on whether $name is required', (field) => {
    expect(validateContact(filled, texts)).toEqual({ ok: true, value: filled });
    const emptied = validateContact({ ...filled, [field.name]: '' }, texts);
    if (control(field).includes(' required=""'))
      expect(emptied).toEqual({ ok: false, errors: { [field.name]: texts.missing[field.name as RequiredFieldName] } });
    else expect(emptied).toEqual({ ok: true, value: { ...filled, [field.name]: '' } });
  });

  it.each(CONTACT_FIELDS)("agree on $name's limit: one character more is refused", (field) => {
    const over = validateContact({ ...filled, [field.name]: 'a'.repeat(field.limit + 1) }, texts);
    expect(over).toEqual({ ok: false, errors: { [field.name]: texts.tooLong[field.name] } });
    if (field.control === 'select') {
      // What the select offers, the server takes: every option fits the limit.
      const offered = [...rendered(field).matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
      expect(offered).toEqual(['', ...field.options]);
      for (const option of field.options)
        expect(validateContact({ ...filled, [field.name]: option }, texts).ok, option).toBe(true);
    } else {
      const full = accepted(field, field.limit);
      expect(full).toHaveLength(field.limit);
      expect(validateContact({ ...filled, [field.name]: full }, texts).ok).toBe(true);
    }
  });
});
