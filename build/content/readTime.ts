/** An article's read time in each language, from its minutes (the content step counts them). */
import type { Locale } from '../../shared/lib/locale';

export const readTimeText: Readonly<Record<Locale, (minutes: number) => string>> = {
  en: (minutes) => `${minutes} min read`,
  es: (minutes) => `${minutes} min de lectura`,
};
