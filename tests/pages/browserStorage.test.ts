import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Every way a page can keep something in the browser. */
const STORAGE = /\b(localStorage|sessionStorage|indexedDB|document\.cookie|caches\.open)\b/g;

/** The code the browser runs: client/ and shared/ (its generated modules hold HTML, not code). */
function browserSources(): string[] {
  return ['client', 'shared'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('shared/generated/')),
  );
}

describe('what the site keeps in the browser', () => {
  it('is only what the privacy policy lists: the language hint in local storage, scroll positions, the reload mark and the visit’s source in session storage', () => {
    const used = Object.fromEntries(
      browserSources().flatMap((file) => {
        const kinds = [...new Set(fs.readFileSync(path.join(ROOT, file), 'utf8').match(STORAGE) ?? [])];
        return kinds.length ? [[file, kinds.sort()]] : [];
      }),
    );
    expect(used).toEqual({
      'shared/components/LanguageHint.tsx': ['localStorage'],
      'client/navigation.ts': ['sessionStorage'],
      'shared/lib/loadChunk.ts': ['sessionStorage'],
      'shared/lib/visit.ts': ['sessionStorage'],
    });
  });
});
