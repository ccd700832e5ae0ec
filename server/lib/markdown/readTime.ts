/** An article's read time, as its card and its page show it: the build's seed and the server's articles alike. */
import type { Locale } from '../../../shared/lib/locale';

/** A silent reader's pace. */
const WORDS_PER_MINUTE = 200;

const readTimeText: Readonly<Record<Locale, (minutes: number) => string>> = {
  en: (minutes) => `${minutes} min read`,
  es: (minutes) => `${minutes} min de lectura`,
};

/** Words a reader reads: the text of the rendered HTML. */
export function countWords(html: string): number {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&[#\w]+;/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The read time of rendered HTML in a language, in whole minutes, never under one. */
export function readTime(html: string, locale: Locale): string {
  return readTimeText[locale](Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE)));
}
