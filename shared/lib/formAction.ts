/**
 * Where a form posts, in the language it was shown in: shared by every form (the contact form, the
 * newsletter's) and by the server that reads the language back.
 */
import type { Locale } from './locale';
import { defaultLocale, LOCALE_PARAM } from './locale';

/**
 * A form's action in a language. The language rides in the URL, not the
 * body, so that even a post refused before its body is read is answered in it.
 */
export function localeAction(endpoint: string, locale: Locale): string {
  return locale === defaultLocale ? endpoint : `${endpoint}?${LOCALE_PARAM}=${locale}`;
}
