// The site's one web font, cut at build time to the characters its pages can show:
// every character in shared/ (components, content, Markdown) and printable ASCII for
// what visitors type. A character it lacks falls back, glyph by glyph, to the metric-matched fallback.
import fs from 'node:fs';
import path from 'node:path';

import subsetFont from 'subset-font';

const SOURCE_FONT = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const TEXT_DIR = 'shared';

/** Every character of the site's sources. */
function siteCharacters() {
  const chars = new Set();
  for (let code = 0x20; code < 0x7f; code += 1) chars.add(String.fromCharCode(code));
  for (const file of fs.readdirSync(TEXT_DIR, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(tsx?|md)$/.test(file)) continue;
    for (const char of fs.readFileSync(path.join(TEXT_DIR, file), 'utf8')) if (char >= ' ') chars.add(char);
  }
  return [...chars].sort().join('');
}

/** An esbuild plugin that answers `subset:inter.woff2`, which client/webFont.ts imports, with the subset (all weights kept), made once per build. */
export function fontSubsetPlugin() {
  let subset;
  return {
    name: 'font-subset',
    setup(build) {
      build.onStart(() => {
        subset = undefined;
      });
      build.onResolve({ filter: /^subset:inter\.woff2$/ }, () => ({ path: 'inter.woff2', namespace: 'font-subset' }));
      build.onLoad({ filter: /.*/, namespace: 'font-subset' }, async () => {
        // No layout closure: the contextual alternates Inter could swap in are left out (docs/decisions/016-web-font-subset-and-metric-fallback.md);
        // kerning stays.
        subset ??= subsetFont(fs.readFileSync(SOURCE_FONT), siteCharacters(), {
          targetFormat: 'woff2',
          noLayoutClosure: true,
        });
        return { contents: await subset, loader: 'file' };
      });
    },
  };
}
