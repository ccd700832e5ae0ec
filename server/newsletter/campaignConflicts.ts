/**
 * Two staff writing the same campaign's notes (as with articles, decision 075): a save whose form was opened on
 * other notes than those saved now is not written over them. The page shows both, the writer's own in the form,
 * and the writer chooses. The version a form carries is a digest of the notes it was opened on: the notes are a
 * campaign's only words staff write, so their text is their version.
 */
import { createHash } from 'node:crypto';

import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';

type Notes = Readonly<Record<Locale, string>>;

/** The version of a campaign's notes, as its form carries it (the form's `base`). */
export const notesVersion = (notes: Notes): string =>
  createHash('sha256')
    .update(JSON.stringify(locales.map((locale) => notes[locale])))
    .digest('base64url')
    .slice(0, 22);

export const sameNotes = (a: Notes, b: Notes) => locales.every((locale) => a[locale] === b[locale]);

/**
 * Whether saving `typed` would write over notes saved since the form was opened on `base`: not when the form
 * carries no version (a page from before versions), when nothing was saved since, or when the typed notes are
 * those saved anyway.
 */
export const overwrites = (saved: Notes, base: string | undefined, typed: Notes): boolean =>
  base !== undefined && base !== notesVersion(saved) && !sameNotes(saved, typed);
