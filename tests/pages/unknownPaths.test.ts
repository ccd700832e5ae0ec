import { isDeepStrictEqual } from 'node:util';

import { describe, expect, it } from 'vitest';

import { unknownPathPage } from '../../server/pages/cache/unknownPaths';
import { matchPage } from '../../shared/pageShell';
import { findPage, seedSitePages } from '../../shared/routes';

/** What the server keys and renders an answer by: the page's language, chunk and status. */
const shown = (page: { locale: string; chunk: string; status?: number; path: string }) => ({
  locale: page.locale,
  chunk: page.chunk,
  status: page.status,
  path: page.path,
});

describe('unknownPathPage', () => {
  it('answers every path that is no page as matchPage does', () => {
    const pages = seedSitePages.map((page) => page.path);
    const twisted = pages.flatMap((path) => [
      path.toUpperCase(),
      `${path}/`,
      `${path}//`,
      `/${path}`,
      `${path}/x`,
      `${path}/x/y`,
      `${path}x`,
      path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
      path.replace('/', '/%2F'),
    ]);
    const odd = [
      '/',
      '/nope',
      '/a/b/c',
      '/ES/nada',
      '/es/',
      '/es//x',
      '/%',
      '/%zz',
      '/blog/%E0%A4%A',
      '/x%2Fy',
      '/.',
      '/..',
    ];
    const random = Array.from({ length: 300 }, (_, i) => `/${(i * 7919).toString(36)}/${i % 3 ? 'blog/' : ''}${i}`);
    // Every arrangement of the routes' fixed segments among others, up to five deep: the shapes kept.
    const words = ['es', 'blog', 'Blog', 'x', 'services', 'a.b'];
    let combined = [''];
    const arranged: string[] = [];
    for (let depth = 0; depth < 5; depth += 1) {
      combined = combined.flatMap((path) => words.map((word) => `${path}/${word}`));
      arranged.push(...combined);
    }
    // matchPage's answer once per path: the second pass over `arranged` asks unknownPathPage again, now from the
    // pages it kept by shape, and compares with the same answer. One expect over every path: ten thousand took
    // seconds.
    const expected = new Map<string, ReturnType<typeof shown> | undefined>();
    const differing: { path: string; got: ReturnType<typeof shown>; expected: ReturnType<typeof shown> }[] = [];
    let compared = 0;
    for (const path of [...twisted, ...odd, ...random, ...arranged, ...arranged]) {
      if (!expected.has(path)) {
        let page;
        try {
          page = findPage(path) ? undefined : shown(matchPage(path).page);
        } catch {
          page = undefined;
        }
        expected.set(path, page);
      }
      const page = expected.get(path);
      if (!page) continue;
      const got = shown(unknownPathPage(path));
      if (!isDeepStrictEqual(got, page)) differing.push({ path, got, expected: page });
      compared += 1;
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
  });
});
