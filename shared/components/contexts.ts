import { createContext } from 'react';
import { site } from '../content/site';
import type { RuntimeConfig } from '../lib/runtime';

/** What one page needs in its head; only the server knows it (from the build manifest). */
export interface PageAssets {
  /** The page's critical CSS and a name for it (React keeps one <style> per name). */
  criticalCss: { id: string; css: string };
}

/** Provided by the server's renderer only: in the browser the head is already there. */
export const AssetsContext = createContext<PageAssets | null>(null);

/** The run-time values, provided on both sides: by the renderer, then by the client entry from the page's data block. */
export const RuntimeContext = createContext<RuntimeConfig>({ siteUrl: site.defaultUrl });
