import fs from 'node:fs';
import type { PageAssets } from '../shared/components/contexts';
import type { SitePage } from '../shared/routes';
import { catalogueChunks } from '../shared/routes';

/** What build.mjs writes to dist/client/manifest.json. */
export interface BuildManifest {
  entry: string;
  /** What the entry loads before the page chunk: the hydration module (imported once painted) and its chunks. */
  entryImports: string[];
  stylesheet: string;
  /** The staff console's stylesheet, which no public page links. */
  consoleStylesheet: string;
  /** Page chunk name (the page module's file name) to its file and the shared chunks it imports. */
  routes: Record<string, string[]>;
  /** Page chunk name to the CSS that page needs, inlined in its <style>, and that text's CSP hash. */
  criticalCss: Record<string, { css: string; hash: string }>;
}

export function readManifest(file: string): BuildManifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest ${file}: run "npm run build" first.`, { cause: error });
  }
}

/**
 * The head resources of one page: its critical CSS, inlined. Nothing else is
 * asked for before the first paint: the entry script preloads the page's
 * chunks (hydrationModules) and loads the font once the page is painted.
 */
export function pageAssets(manifest: BuildManifest, chunk: string): PageAssets {
  const critical = manifest.criticalCss[chunk];
  if (!critical) throw new Error(`No critical CSS for page ${chunk} in the build manifest: rebuild.`);
  return { criticalCss: { id: `critical-${chunk}`, css: critical.css } };
}

/**
 * The scripts the first hydration of a page runs: the framework and the hydration module, the
 * page's chunk, its texts in its language and, for an article or legal page, its body. The entry
 * preloads them all once the page is painted.
 */
export function hydrationModules(manifest: BuildManifest, page: Pick<SitePage, 'chunk' | 'dataChunk' | 'locale' | 'texts'>): string[] {
  const chunks = [page.chunk, ...catalogueChunks(page), ...(page.dataChunk ? [page.dataChunk] : [])];
  return [...new Set([...manifest.entryImports, ...chunks.flatMap((chunk) => manifest.routes[chunk] ?? [])])];
}

/** The CSP sources that allow the pages' inline <style> blocks: one per distinct CSS (pages may share one). */
export function styleHashes(manifest: BuildManifest): string[] {
  return [...new Set(Object.values(manifest.criticalCss).map(({ hash }) => `'${hash}'`))];
}
