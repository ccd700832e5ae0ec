import fs from 'node:fs';
import type { PageAssets } from '../shared/components/contexts';

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
 * asked for before the first paint: the entry script finds the page's chunks
 * itself once the page is painted, and the font comes from that CSS.
 */
export function pageAssets(manifest: BuildManifest, chunk: string): PageAssets {
  const critical = manifest.criticalCss[chunk];
  if (!critical) throw new Error(`No critical CSS for page ${chunk} in the build manifest: rebuild.`);
  return { criticalCss: { id: `critical-${chunk}`, css: critical.css } };
}

/** The CSP sources that allow the pages' inline <style> blocks: one per distinct CSS (pages may share one). */
export function styleHashes(manifest: BuildManifest): string[] {
  return [...new Set(Object.values(manifest.criticalCss).map(({ hash }) => `'${hash}'`))];
}
