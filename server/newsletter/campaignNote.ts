/**
 * A campaign's editorial note (decision 067): a few plain words from the lab above the article it announces.
 * Readers agreed to new articles and nothing else, so a note carries no link, no image and no markup: it can
 * introduce the article, not send anyone elsewhere.
 */
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';

/** The longest note: a short paragraph. */
export const NOTE_LIMIT = 400;

/** Markdown's link, image and HTML brackets, and what GFM turns into a link by itself (a scheme, www., an address). */
const LINK_OR_MARKUP = /[[\]<>@]|:\/\/|\bwww\./i;

/** What is wrong with one language's note, or undefined. */
function noteProblem(note: string, locale: Locale): string | undefined {
  const language = locale.toUpperCase();
  if (note.length > NOTE_LIMIT) return `The ${language} note is longer than ${NOTE_LIMIT} characters.`;
  if (LINK_OR_MARKUP.test(note))
    return `The ${language} note may not hold a link, an address or markup: readers agreed to our articles, and the article is the link.`;
  return undefined;
}

/** What is wrong with the notes of a campaign, or undefined. */
export const notesProblem = (notes: Record<Locale, string>): string | undefined =>
  locales.map((locale) => noteProblem(notes[locale], locale)).find(Boolean);
