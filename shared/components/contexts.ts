import { createContext } from 'react';

import { siteFacts } from '../content/data';
import type { Catalogue } from '../content/i18n/types';
import type { Locale } from '../lib/locale';
import type { RuntimeConfig } from '../lib/runtime';

/** What one page needs in its head; only the server knows it (from the build manifest). */
export interface PageAssets {
  /** The page's critical CSS and a name for it (React keeps one <style> per name). */
  criticalCss: { id: string; css: string };
  /** The tab icon as a data URL. */
  tabIcon: string;
  /** The client entry's code, run as an inline module script; absent on a page that runs no script. */
  entryScript?: string;
}

/** Provided by the server's renderer only: in the browser the head is already there. */
export const AssetsContext = createContext<PageAssets | null>(null);

/** The run-time values, provided on both sides: by the renderer, then by the client entry from the page's data block. */
export const RuntimeContext = createContext<RuntimeConfig>({ siteUrl: siteFacts.defaultUrl });

/** The language of the page on screen, provided by the root route from the matched page. */
export interface LocaleValue {
  locale: Locale;
  /** The page's path in each language it exists in. */
  alternates: Partial<Record<Locale, string>>;
  /** A site path as the content writes it, in this language (see localizePath in routes.ts). */
  localize: (to: string) => string;
  /** This language's texts, loaded with the page's chunk. */
  catalogue: Catalogue;
}

/** Null only outside the router (the last-resort error document). */
export const LocaleContext = createContext<LocaleValue | null>(null);

/** What the page on screen was loaded with (see loadPage in pageShell.tsx). */
export interface PageData {
  /** The URL's parameters (an article's slug). */
  params: Readonly<Record<string, string | undefined>>;
  /** What the page module's loader returned (an article's body). */
  data?: unknown;
}

/** Provided on both sides around the whole document, by the route tree. */
export const PageContext = createContext<PageData | null>(null);

/** A form page's signed token (decision 073), provided by the server's renderer only: the browser keeps the page's. */
export const FormTokenContext = createContext('');
