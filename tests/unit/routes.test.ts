import { describe, expect, it } from 'vitest';
import { mainNav } from '../../shared/content/navigation';
import { indexablePages, notFoundPage, pages } from '../../shared/routes';
import { createRoutes } from '../../shared/routeTree';

describe('route table', () => {
  it('has the five public routes of the spec, in the nav order, and the newsletter e-mails\' two pages out of the index', () => {
    expect(indexablePages.map((page) => page.path)).toEqual(['/', '/services', '/research', '/blog', '/contact']);
    expect(mainNav.map((item) => item.to)).toEqual(indexablePages.map((page) => page.path));
    expect(pages.filter((page) => page.noindex).map((page) => page.path)).toEqual(['/newsletter/confirm', '/newsletter/unsubscribe']);
  });

  it('gives every page a unique title of at most 60 characters and a 70-160 character description', () => {
    const all = [...pages, notFoundPage];
    expect(new Set(all.map((page) => page.title)).size).toBe(all.length);
    for (const page of all) {
      expect(page.title.length, page.title).toBeLessThanOrEqual(60);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(70);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
      expect(page.keywords.length).toBeGreaterThan(0);
    }
  });

  it('keeps the not-found page out of the index with a 404 status', () => {
    expect(notFoundPage).toMatchObject({ path: '*', status: 404, noindex: true });
    expect(indexablePages).not.toContain(notFoundPage);
  });

  it('loads every page module lazily, each with a default component', async () => {
    for (const page of [...pages, notFoundPage]) {
      const module = await page.load();
      expect(typeof module.default, page.chunk).toBe('function');
    }
  });

  it('builds a router tree with the layout, an error boundary and one lazy child per page', () => {
    const [root] = createRoutes();
    expect(root?.ErrorBoundary).toBeTypeOf('function');
    const pageGroup = root?.children?.[0];
    expect(pageGroup?.ErrorBoundary).toBeTypeOf('function');
    expect(pageGroup?.children?.map((route) => route.path)).toEqual([...pages.map((page) => page.path), '*']);
    expect(pageGroup?.children?.every((route) => typeof route.lazy === 'function')).toBe(true);
  });

  it('returns a fresh tree each call, since routers resolve lazy routes in place', () => {
    expect(createRoutes()[0]).not.toBe(createRoutes()[0]);
  });
});
