/** Values the server decides at run time and the client must render identically. */
export interface RuntimeConfig {
  /** Origin of canonical and Open Graph URLs, without a trailing slash. */
  siteUrl: string;
  /** The whole stylesheet, which the client adds when a navigation starts, for the page it will show. */
  stylesheet?: string;
  /** The scripts the first hydration of this page runs: the entry preloads them all once the page is painted. */
  modules?: string[];
  /** The page's first screen needs script before it is touched: it wakes as soon as it is painted, not at first use (decision 100). */
  wakeAtLoad?: true;
  /** The page opens on the home page's hero, whose typewriter and video the entry starts at idle without the framework (decision 100). */
  heroMotion?: true;
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
