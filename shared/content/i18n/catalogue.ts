/**
 * One catalogue of texts per language, each a lazy chunk: a page downloads
 * its own language's texts only. The English catalogue defines the keys; every
 * other one must have the same (the type checks it, and a unit test names any
 * key that is missing or extra).
 */
import type { Locale } from '../../lib/locale';
import type { en } from './en';

/** A catalogue's shape without its English literals: same keys, any words; identifiers (`id`) keep their types. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => infer R
        ? (...args: A) => Widen<R>
        : T extends readonly (infer U)[]
          ? readonly Widen<U>[]
          : { readonly [K in keyof T]: K extends 'id' ? T[K] : Widen<T[K]> };

export type Catalogue = Widen<typeof en>;

const importers: Readonly<Record<Locale, () => Promise<Catalogue>>> = {
  en: async () => (await import('./en')).en,
  es: async () => (await import('./es')).es,
};

const loaded = new Map<Locale, Catalogue>();

/** Loads a language's catalogue once (the route loads it with the page's chunk). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const catalogue = await importers[locale]();
  loaded.set(locale, catalogue);
  return catalogue;
}

/** A catalogue already loaded; rendering a page without its language's catalogue is a bug, named here. */
export function loadedCatalogue(locale: Locale): Catalogue {
  const catalogue = loaded.get(locale);
  if (!catalogue) throw new Error(`The "${locale}" catalogue is not loaded`);
  return catalogue;
}
