import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { hydrationModules } from '../../server/http/manifest';
import { localePrefix } from '../../shared/lib/locale';
import type { SitePage } from '../../shared/routes';
import { notFoundPageIn, seedSitePages } from '../../shared/routes';
import { compressedSize, firstVisitJs, readBuildManifest, routeChunk } from '../bench/sizes';
import { testApp } from '../support/helpers';

const KB = 1024;
/**
 * Brotli bytes, as browsers receive them. First-visit JavaScript holds
 * design.md's 90 KB on every page, though the framework alone, which every first
 * visit downloads and runs even with partial hydration, is 64.7 KB, each part
 * minified and compressed on its own: react-dom's client with the scheduler
 * (56.0 KB), what the site uses of React Router (5.7 KB: its <Router>,
 * matchRoutes and the location hooks, without its Link or the data router) and
 * React with its JSX runtime (3.0 KB). With the route table and the layout, the
 * code every page runs is 76.4 KB; pages add their hydrated parts and their texts (the
 * Spanish contact page is the largest). Each page's count includes the texts
 * hydration needs (its language's catalogue parts, not those only its static
 * sections read); they take their facts from the locale-neutral data.ts,
 * never from another language's texts.
 */
const BUDGET = {
  firstVisitJs: 90 * KB,
  routeChunk: 15 * KB,
  html: 25 * KB,
  css: 15 * KB,
  criticalCss: 14 * KB,
  font: 24 * KB,
};

const manifest = readBuildManifest();
/** The class names a stylesheet's selectors name. */
const classesIn = (css: string) =>
  new Set([...css.replace(/url\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name!));
const styled = classesIn(fs.readFileSync(`dist/client${manifest.stylesheet}`, 'utf8'));
const app = testApp();
afterAll(() => app.db.close());

/** The URL that shows a page: a not-found page's is any path under its language's prefix that is no page. */
const urlOf = (page: SitePage) => (page.path === '*' ? `${localePrefix(page.locale)}/no-such-page` : page.path);

describe.each([...seedSitePages, notFoundPageIn('en'), notFoundPageIn('es')])('size budgets of $path', (page) => {
  it(`first-visit JavaScript ≤ ${BUDGET.firstVisitJs / KB} KB and its own chunk ≤ ${BUDGET.routeChunk / KB} KB`, () => {
    expect(firstVisitJs(manifest, page).br).toBeLessThanOrEqual(BUDGET.firstVisitJs);
    expect(routeChunk(manifest, page.chunk).br).toBeLessThanOrEqual(BUDGET.routeChunk);
  });

  it(`inline critical CSS, with the headers and the HTML before it, ≤ ${BUDGET.criticalCss / KB} KB: the first round trip; allowed by its hash in style-src`, async () => {
    const response = await request(app).get(urlOf(page));
    const styles = [...response.text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css = '']) => css);
    expect(styles).toHaveLength(1);
    expect(styles[0]).not.toMatch(/\.staff/);
    // As sent: compressed within the page, it shares the first round trip (ten packets) with the headers
    // and the head, so the browser can lay the page out once that trip is in.
    const throughStyle = response.text.slice(0, response.text.indexOf('</style>') + '</style>'.length);
    const headers = Object.entries(response.headers).reduce(
      (sum, [name, value]) => sum + `${name}: ${String(value)}\r\n`.length,
      0,
    );
    expect(zlib.brotliCompressSync(throughStyle).length + headers).toBeLessThanOrEqual(BUDGET.criticalCss);
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`style-src 'self' [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('inline CSS styles every class the page uses that the whole stylesheet styles', async () => {
    const { text } = await request(app).get(urlOf(page));
    const inline = classesIn(text.match(/<style\b[^>]*>([\s\S]*?)<\/style>/)![1]!);
    const used = new Set([...text.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, names = '']) => names.split(/\s+/)));
    expect([...used].filter((name) => styled.has(name) && !inline.has(name))).toEqual([]);
  });

  it(`HTML ≤ ${BUDGET.html / KB} KB`, async () => {
    const { text } = await request(app).get(urlOf(page));
    expect(zlib.brotliCompressSync(text).length).toBeLessThanOrEqual(BUDGET.html);
  });
});

describe('scripts', () => {
  it('carry the texts as UTF-8, not as escapes, which brotli compresses worse', () => {
    const [spanishCommon] = manifest.routes['catalogues/es/common']!;
    const text = fs.readFileSync(`dist/client${spanishCommon}`, 'utf8');
    expect(text).toMatch(/[áéíóúñ]/);
    expect(text).not.toMatch(/\\u00[c-f][0-9a-f]|\\x[c-f][0-9a-f]/i);
  });

  it('bring the code every page runs in a few files, not a dozen small ones each compressed alone', () => {
    // The route tree's stub, its shared code, esbuild's runtime helpers, React DOM's entry and the hydration module,
    // and the attribution's constants (0.7 KB), which the analytics the entry starts without the framework share
    // with the forms (decision 100): a sixth file, fetched only once the page wakes.
    expect(manifest.entryImports.length).toBeLessThanOrEqual(6);
  });

  it(`run on the booking page's free times as a file of their own, its proof's solver included, of at most ${BUDGET.routeChunk / KB} KB`, async () => {
    // Every module the file imports, at once or when its form gets focus.
    const files = new Set<string>();
    const visit = (url: string) => {
      if (files.has(url)) return;
      files.add(url);
      const code = fs.readFileSync(`dist/client${url}`, 'utf8');
      for (const [, imported] of code.matchAll(/(?:from|import\(?)"(\/static\/js\/[\w-]+\.js)"/g)) visit(imported!);
    };
    visit(manifest.viewScripts.booking);
    expect([...files].some((url) => url.includes('formProof'))).toBe(true);
    expect([...files].reduce((sum, url) => sum + compressedSize(url).br, 0)).toBeLessThanOrEqual(BUDGET.routeChunk);
    const page = await request(app).get('/es/reservar').query({ tz: 'Europe/Madrid' });
    // The entry runs it once the page is painted: nothing of it is on the way to the first paint.
    expect(page.text).toContain(`"viewScript":"${manifest.viewScripts.booking}"`);
    expect(page.text).not.toContain(`src="${manifest.viewScripts.booking}"`);
  });

  it('ask Chromium to compile every function while the file downloads, off the main thread', () => {
    // Each script once: most are shared by every page.
    for (const script of new Set(seedSitePages.flatMap((page) => hydrationModules(manifest, page)))) {
      expect(fs.readFileSync(`dist/client${script}`, 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'), script).toBe(
        true,
      );
    }
  });
});

describe('stylesheet', () => {
  it(`is one file of at most ${BUDGET.css / KB} KB`, () => {
    expect(compressedSize(manifest.stylesheet).br).toBeLessThanOrEqual(BUDGET.css);
  });

  it("holds none of the staff console's styles, which come in a file of their own", async () => {
    expect(fs.readFileSync(`dist/client${manifest.stylesheet}`, 'utf8')).not.toMatch(/\.staff/);
    expect(fs.readFileSync(`dist/client${manifest.consoleStylesheet}`, 'utf8')).toMatch(/\.staff-header\{/);
    const { text } = await request(app).get('/staff/sign-in');
    expect(text).toContain(`<link rel="stylesheet" href="${manifest.consoleStylesheet}"/>`);
    expect(text).not.toContain(manifest.stylesheet);
    // Every class of the page that the site's styles style, the console's stylesheet styles too.
    const consoleStyled = classesIn(fs.readFileSync(`dist/client${manifest.consoleStylesheet}`, 'utf8'));
    const used = new Set([...text.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, names = '']) => names.split(/\s+/)));
    expect([...used].filter((name) => styled.has(name) && !consoleStyled.has(name))).toEqual([]);
  });

  it('declares no web font: pages paint in the metric-matched fallback and the client loads the font once painted', () => {
    const css = fs.readFileSync(`dist/client${manifest.stylesheet}`, 'utf8');
    expect(css).not.toMatch(/\.woff2/);
    for (const { css: inline } of Object.values(manifest.criticalCss)) expect(inline).not.toMatch(/\.woff2/);
    expect(css).toMatch(/font-family:\s*["']?Inter Fallback["']?;[^}]*size-adjust/);
  });

  it('names each fallback font once, by its full name: each name a device lacks is a look-up in the first layout (decision 101)', () => {
    const { css } = manifest.criticalCss.Privacy!;
    const faces = [...css.matchAll(/@font-face\{font-family:Inter Fallback;[^}]*\}/g)].map(([face]) =>
      [...face.matchAll(/local\("([^"]+)"\)/g)].map(([, name]) => name),
    );
    expect(faces).toHaveLength(5);
    for (const names of faces)
      expect([
        ['Arial', 'Liberation Sans', 'Helvetica'],
        ['Arial Bold', 'Liberation Sans Bold', 'Helvetica Bold'],
      ]).toContainEqual(names);
  });

  it(`has one web font file, loaded by the client and cut to the site's characters: at most ${BUDGET.font / KB} KB`, () => {
    const scripts = manifest.entryImports.map((url) => fs.readFileSync(`dist/client${url}`, 'utf8')).join('\n');
    const fonts = [...new Set([...scripts.matchAll(/\/static\/media\/[\w-]+\.woff2/g)].map(([url]) => url))];
    expect(fonts).toHaveLength(1);
    expect(fs.statSync(`dist/client${fonts[0]}`).size).toBeLessThanOrEqual(BUDGET.font);
  });
});
