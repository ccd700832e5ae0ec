import type { Locale } from './locale';

/** What a page's loader is given: the URL's parameters (an article's slug) and the page's language. */
export interface PageLoaderArgs {
  params: Readonly<Record<string, string | undefined>>;
  locale: Locale;
}

/** Loads what a page needs before it renders (see PageModule in routes.ts). */
export type PageLoader = (args: PageLoaderArgs) => Promise<unknown>;
