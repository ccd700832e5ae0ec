import { isDeepStrictEqual } from 'node:util';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { unknownPathPage } from '../../server/pages/cache/unknownPaths';
import { matchablePath } from '../../server/pages/matchablePath';
import { matchPage } from '../../shared/pageShell';
import { findPage, seedSitePages } from '../../shared/routes';
import { recordingLogger, testApp } from '../support/helpers';

/** Encoded line breaks, which React Router's splat does not match, in every section and place. */
const lineBreaks = [
  '/x%0a',
  '/x%0D',
  '/%0a',
  '/x%E2%80%A8',
  '/x%e2%80%a9y',
  '/es/x%0a',
  '/es/blog%0d',
  '/blog/x%0ay',
  '/es/blog/%0a',
  '/ES/x%0a',
  '/x%0a/y/z',
];

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
      ...lineBreaks,
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
          page = findPage(path) ? undefined : shown(matchPage(matchablePath(path)).page);
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

describe('a path with an encoded line break', () => {
  const { logger, lines } = recordingLogger();
  const app = testApp({}, { logger });
  afterAll(() => app.db.close());

  it('is the not-found page of its section and language, a 404 whether rendered or kept, and logs no error', async () => {
    for (const path of [...lineBreaks, ...lineBreaks, '/x%00', '/x%01', '/x%7F', '/x%C2%85', '/x%1b%5b31m']) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain(`<html lang="${/^\/es\//.test(path) ? 'es' : 'en'}">`);
    }
    expect(lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
