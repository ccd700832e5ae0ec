/**
 * The texts of each language, in parts: `common` (the frame around every page
 * and the not-found page) and one part per page that has its own words, its
 * head's among them.
 * Each part is a lazy chunk of its own: a page downloads its own language's
 * common part and its own page's part, nothing else. The English parts define
 * the keys; every language must have the same (the type checks it, and a unit
 * test names any key that is missing or extra).
 */
import { loadChunk } from '../../lib/loadChunk';
import type { Locale } from '../../lib/locale';
import { loadPublishedPosts } from '../publishedArticles';
import type { Catalogue, CatalogueCommon, CataloguePages, CataloguePart } from './types';

interface LanguageParts {
  common: () => Promise<CatalogueCommon>;
  pages: { [P in CataloguePart]: () => Promise<CataloguePages[P]> };
}

const importers: Readonly<Record<Locale, LanguageParts>> = {
  en: {
    common: async () => (await import('./en/common')).common,
    pages: {
      home: async () => (await import('./en/home')).home,
      contact: async () => (await import('./en/contact')).contact,
      contactInfo: async () => (await import('./en/contactInfo')).contactInfo,
      posts: async () => (await import('./en/posts')).posts,
      article: async () => (await import('./en/article')).article,
      legal: async () => (await import('./en/legal')).legal,
      services: async () => (await import('./en/services')).services,
      research: async () => (await import('./en/research')).research,
      blog: async () => (await import('./en/blog')).blog,
      newsletterConfirm: async () => (await import('./en/newsletterConfirm')).newsletterConfirm,
      newsletterUnsubscribe: async () => (await import('./en/newsletterUnsubscribe')).newsletterUnsubscribe,
      book: async () => (await import('./en/book')).book,
    },
  },
  es: {
    common: async () => (await import('./es/common')).common,
    pages: {
      home: async () => (await import('./es/home')).home,
      contact: async () => (await import('./es/contact')).contact,
      contactInfo: async () => (await import('./es/contactInfo')).contactInfo,
      posts: async () => (await import('./es/posts')).posts,
      article: async () => (await import('./es/article')).article,
      legal: async () => (await import('./es/legal')).legal,
      services: async () => (await import('./es/services')).services,
      research: async () => (await import('./es/research')).research,
      blog: async () => (await import('./es/blog')).blog,
      newsletterConfirm: async () => (await import('./es/newsletterConfirm')).newsletterConfirm,
      newsletterUnsubscribe: async () => (await import('./es/newsletterUnsubscribe')).newsletterUnsubscribe,
      book: async () => (await import('./es/book')).book,
    },
  },
};

/** Every part's name beside the common one: the server loads them all. */
export const catalogueParts = Object.keys(importers.en.pages) as CataloguePart[];

const loadedCommon = new Map<Locale, CatalogueCommon>();
const loadedPages = new Map<Locale, Partial<CataloguePages>>();

/**
 * Loads a language's common part and the given page parts, each once (a route loads them with its page's chunk).
 * The posts part reads the published articles: their whole list is asked for each time, since the first page
 * may have loaded only its share of them (decision 090).
 */
export async function loadCatalogue(locale: Locale, parts: readonly CataloguePart[] = []): Promise<void> {
  const pages = loadedPages.get(locale) ?? {};
  loadedPages.set(locale, pages);
  await Promise.all([
    parts.includes('posts') ? loadPublishedPosts(locale) : undefined,
    loadedCommon.has(locale)
      ? undefined
      : importers[locale].common().then((common) => void loadedCommon.set(locale, common)),
    ...parts.map(async (part) => {
      if (!pages[part]) Object.assign(pages, { [part]: await importers[locale].pages[part]() });
    }),
  ]);
}

/** loadCatalogue as the chunks it fetches: a failure or a time-out is a ChunkLoadError, recovered from as a page chunk's is. */
export function loadTexts(locale: Locale, parts: readonly CataloguePart[] = []): Promise<void> {
  return loadChunk(`catalogue-${locale}`, () => loadCatalogue(locale, parts));
}

/** A language's texts as loaded so far; rendering a page before its language's texts arrived is a bug, named here. */
export function loadedCatalogue(locale: Locale): Catalogue {
  const common = loadedCommon.get(locale);
  if (!common) throw new Error(`The "${locale}" catalogue is not loaded`);
  const pages = loadedPages.get(locale) ?? {};
  const part = <P extends CataloguePart>(name: P): CataloguePages[P] => {
    const loaded = pages[name];
    if (!loaded) throw new Error(`The "${locale}" catalogue's "${name}" part is not loaded`);
    return loaded;
  };
  const catalogue = { ...common } as Catalogue;
  for (const name of Object.keys(importers[locale].pages) as CataloguePart[])
    Object.defineProperty(catalogue, name, { get: () => part(name), enumerable: true });
  return catalogue;
}
