/**
 * What a page's first screen does before the page wakes at the visitor's first use (decision 100), without the
 * framework: the home page's hero moves (client/heroOpening.ts); the booking page's first step shows the browser's
 * time zone (client/book/zoneOpening.ts), and wakes the page at once when only the framework can show it.
 */
export type PageOpening = 'hero' | 'bookingZone';

/** Values the server decides at run time and the client must render identically. */
export interface RuntimeConfig {
  /** Origin of canonical and Open Graph URLs, without a trailing slash. */
  siteUrl: string;
  /** The whole stylesheet, which the client adds when a navigation starts, for the page it will show. */
  stylesheet?: string;
  /** The scripts the first hydration of this page runs: the entry preloads them all once the page is painted. */
  modules?: string[];
  /** What the entry starts at idle on the server's markup before the page wakes (PageOpening, decision 100). */
  opening?: PageOpening;
  /** On a page that answers another URL and hydrates nothing: the script it runs instead, once painted. */
  viewScript?: string;
  /**
   * On a page that lists articles (the blog, an article): the posts it shows, as it rendered them (PageShare of
   * shared/content/publishedArticles.ts), so the browser hydrates from the same (decision 090).
   */
  articles?: unknown;
}

/** The id of the JSON data block that carries the RuntimeConfig to the browser. */
export const RUNTIME_CONFIG_ID = 'runtime-config';

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}
