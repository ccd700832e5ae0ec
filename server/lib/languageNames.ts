import type { Locale } from '../../shared/lib/locale';

/** The site's languages as the lab names them, in English: the console and the lab's own e-mails. */
export const languageNames: Record<Locale, string> = { en: 'English', es: 'Spanish' };
