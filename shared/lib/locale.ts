/**
 * The site's languages. The locale of a page comes from its URL only (English
 * at the root, Spanish under /es), never from a cookie or a header, so every
 * page stays one cacheable, crawlable document.
 */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];

/** The language of the unprefixed URLs, and the hreflang x-default. */
export const defaultLocale = 'en' satisfies Locale;

export interface LocaleTags {
  /** The `lang` and `hreflang` value. */
  lang: string;
  /** Open Graph's language_TERRITORY form. */
  ogLocale: string;
  /** The tag Intl formats numbers, plurals and dates with. */
  intl: string;
  /** The language's name in itself: the language switch's label. */
  name: string;
}

export const localeTags: Readonly<Record<Locale, LocaleTags>> = {
  en: { lang: 'en', ogLocale: 'en_US', intl: 'en-US', name: 'English' },
  es: { lang: 'es', ogLocale: 'es_CO', intl: 'es-CO', name: 'Español' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** What a language's paths start with: nothing for the default language, "/es" for Spanish. */
export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** The query parameter a form's action names its language with (formAction.ts): its endpoint's path has no prefix. */
export const LOCALE_PARAM = 'locale';

/**
 * The language of a URL (a path, with its query or not): its first path segment when that
 * names a language; else, for a form's endpoint, the ?locale= its action carries; else the default.
 */
export function localeOf(url: string): Locale {
  const [, path = '', query = ''] = /^([^?#]*)\??([^#]*)/.exec(url) ?? [];
  const first = path.split('/')[1] ?? '';
  const named = isLocale(first) && first !== defaultLocale ? first : new URLSearchParams(query).get(LOCALE_PARAM);
  return isLocale(named) ? named : defaultLocale;
}

/** The locale a browser's preferences (navigator.languages, as Accept-Language sends them) put first among the site's. */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return undefined;
}

/**
 * Facts with one language's words, matched by a key (the type asks for every key; a missing one at run time fails loudly).
 * Here, in a module every page loads, so that the languages' parts share no chunk of their own for it.
 */
export function translated<T, K extends string, W>(
  items: readonly T[],
  keyOf: (item: T) => K,
  words: Readonly<Record<K, W>>,
): (T & W)[] {
  return items.map((item) => {
    const key = keyOf(item);
    if (!(key in words)) throw new Error(`Missing text for "${key}"`);
    return { ...item, ...words[key] };
  });
}
