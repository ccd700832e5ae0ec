import fs from 'node:fs';
import type { PageAssets } from '../shared/components/contexts';

/** What build.mjs writes to dist/client/manifest.json. */
export interface BuildManifest {
  entry: string;
  /** Chunks the entry imports statically. */
  entryImports: string[];
  stylesheet: string;
  font?: string;
  /** Page chunk name (the page module's file name) to its file and the shared chunks it imports. */
  routes: Record<string, string[]>;
}

export function readManifest(file: string): BuildManifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest ${file}: run "npm run build" first.`, { cause: error });
  }
}

/** The head resources of one page: the stylesheet, and the chunks of this page that the entry does not load itself. */
export function pageAssets(manifest: BuildManifest, chunk: string): PageAssets {
  return {
    stylesheet: manifest.stylesheet,
    font: manifest.font,
    modulePreloads: (manifest.routes[chunk] ?? []).filter((file) => !manifest.entryImports.includes(file)),
  };
}
