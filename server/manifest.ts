import fs from 'node:fs';
import type { PageAssets } from '../shared/components/contexts';

/** What build.mjs writes to dist/client/manifest.json. */
export interface BuildManifest {
  entry: string;
  /** Chunks the entry imports statically. */
  entryImports: string[];
  stylesheet: string;
  font?: string;
  /**
   * Chunk name to its file and the shared chunks it imports: a page module's file
   * name ("Blog"), or "posts/<slug>" for an article's body.
   */
  routes: Record<string, string[]>;
}

export function readManifest(file: string): BuildManifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest ${file}: run "npm run build" first.`, { cause: error });
  }
}

/** The head resources of one page: the stylesheet, and the files of its chunks that the entry does not load itself. */
export function pageAssets(manifest: BuildManifest, chunks: readonly string[]): PageAssets {
  const files = new Set(chunks.flatMap((chunk) => manifest.routes[chunk] ?? []));
  return {
    stylesheet: manifest.stylesheet,
    font: manifest.font,
    modulePreloads: [...files].filter((file) => !manifest.entryImports.includes(file)),
  };
}
