/**
 * The version of each consent notice (decision 067): a digest of the words a person reads where they give
 * consent, in every language. It is derived from the words themselves, so the text cannot change while the
 * version stays: a consent's record names the very text shown, which the repository's history keeps.
 */
import { createHash } from 'node:crypto';

import type { Catalogue } from '../../shared/content/i18n/types';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { catalogues } from '../pages/catalogues';

/** What a consent is given to: the newsletter, or the handling of a contact-form message. */
export type ConsentPurpose = 'newsletter' | 'lead';

/**
 * The words of each notice: the newsletter box's promise and notice and the confirmation page's promise above
 * its button; the contact form's note on what the details are used for.
 */
const noticeWords: Record<ConsentPurpose, (catalogue: Catalogue) => string[]> = {
  newsletter: ({ blog, newsletterConfirm }) => [
    blog.newsletter.text,
    blog.newsletter.notice,
    newsletterConfirm.ask.text,
  ],
  lead: ({ contact }) => [contact.form.privacy],
};

/** A notice's version in these catalogues: its purpose and the first 12 hex digits of the SHA-256 of its words. */
export function noticeVersionOf(
  purpose: ConsentPurpose,
  texts: Readonly<Record<Locale, Catalogue>> = catalogues,
): string {
  const words = locales.map((locale) => [locale, noticeWords[purpose](texts[locale])]);
  return `${purpose}-${createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 12)}`;
}

/** The versions the site shows now. */
export const noticeVersions: Readonly<Record<ConsentPurpose, string>> = {
  newsletter: noticeVersionOf('newsletter'),
  lead: noticeVersionOf('lead'),
};
