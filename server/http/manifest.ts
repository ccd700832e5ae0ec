import fs from 'node:fs';

import type { PageAssets } from '../../shared/components/contexts';
import type { SitePage } from '../../shared/routes';
import { catalogueChunks } from '../../shared/routes';

/** The scripts of pages that answer another URL: the booking page's free times (client/book/slots.ts). */
export type ViewScript = 'booking';

/** What build.mjs writes to dist/client/manifest.json. */
export interface BuildManifest {
  /**
   * The client entry, inlined in every page as a module script (the same text on every page, so one
   * hash serves all), and that text's CSP hash.
   */
  entryScript: { code: string; hash: string };
  /** What the entry loads before the page chunk: the route tree and the hydration module (imported once painted) and their chunks. */
  entryImports: string[];
  stylesheet: string;
  /** The staff console's stylesheet, which no public page links. */
  consoleStylesheet: string;
  /** The article editor's script (autosave, the cover's thumbnail): the one console page that runs one. */
  consoleEditorScript?: string;
  /** The scripts a page answering another URL may run instead of hydrating (PageView's `script`), by name: the entry loads one once the page is painted. */
  viewScripts: Record<ViewScript, string>;
  /** Page chunk name (the page module's file name) to its file and the shared chunks it imports. */
  routes: Record<string, string[]>;
  /** Page chunk name to the CSS that page needs, inlined in its <style>, and that text's CSP hash. */
  criticalCss: Record<string, { css: string; hash: string }>;
  /** The tab icon as a data URL (see tabIconDataUrl in build/images/pipeline.ts). */
  tabIcon: string;
}

function readManifest(file: string): BuildManifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest ${file}: run "npm run build" first.`, { cause: error });
  }
}

/** The build manifest, wherever the server needs it: the renderer, the security policy, the staff console. */
export type AssetSource = () => BuildManifest;

/** Reads the manifest once for a deploy; in development on each use, since every rebuild changes the hashes. */
export function assetSource(file: string, { dev }: { dev: boolean }): AssetSource {
  if (dev) return () => readManifest(file);
  const built = readManifest(file);
  return () => built;
}

/** A page's critical CSS and its hash, which the page's security policy allows. */
export function criticalStyle(manifest: BuildManifest, chunk: string): { css: string; hash: string } {
  const critical = manifest.criticalCss[chunk];
  if (!critical) throw new Error(`No critical CSS for page ${chunk} in the build manifest: rebuild.`);
  return critical;
}

/**
 * The head resources of one page: its critical CSS, the tab icon and the client entry, all
 * inlined; a page that answers another URL (the browser would hydrate that URL's route) carries
 * the entry only to run a script of its own (PageView's `script`). Nothing is asked for before the first paint: the entry preloads the
 * page's chunks (hydrationModules) and loads the font once the page is painted.
 */
export function pageAssets(manifest: BuildManifest, chunk: string, { entry = true } = {}): PageAssets {
  const critical = criticalStyle(manifest, chunk);
  return {
    criticalCss: { id: `critical-${chunk}`, css: critical.css },
    tabIcon: manifest.tabIcon,
    ...(entry ? { entryScript: manifest.entryScript.code } : {}),
  };
}

/**
 * The scripts the first hydration of a page runs: the framework and the hydration module, the
 * page's chunk and its texts in its language (an article's or legal page's body is not among them:
 * it stays the server's, see StaticBody). The entry preloads them all once the page is painted.
 */
export function hydrationModules(
  manifest: BuildManifest,
  page: Pick<SitePage, 'chunk' | 'locale' | 'texts'>,
): string[] {
  const chunks = [page.chunk, ...catalogueChunks(page)];
  return [...new Set([...manifest.entryImports, ...chunks.flatMap((chunk) => manifest.routes[chunk] ?? [])])];
}

/** The CSP sources that allow the pages' inline script, by its build-time hash (each page allows its own style, see securityHeaders' headersFor). */
interface InlineSources {
  /** The entry's hash: one text for every page. */
  script: string[];
}

export function inlineSources(manifest: BuildManifest): InlineSources {
  return { script: [`'${manifest.entryScript.hash}'`] };
}
