/** Values the server decides at run time and the client must render identically. */
export interface RuntimeConfig {
  /** Origin of canonical and Open Graph URLs, without a trailing slash. */
  siteUrl: string;
  /** The whole stylesheet, which the client adds for the pages a navigation may show. */
  stylesheet?: string;
}

/** The id of the JSON data block that carries the RuntimeConfig to the browser. */
export const RUNTIME_CONFIG_ID = 'runtime-config';

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}
