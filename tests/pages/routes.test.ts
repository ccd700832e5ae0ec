import { describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { posts as esPosts } from '../../shared/generated/posts.es';
import { serveLegalFacts } from '../../shared/model/legalBodies';
import { loadPage, matchPage } from '../../shared/pageShell';
import { indexablePagesNow, notFoundPage, notFoundPageIn, pageHead, pages, seedSitePages } from '../../shared/routes';
import { serveSeedArticles } from '../support/seedArticleSource';

serveSeedArticles();
// The lab's legal facts, as the server serves its settings (none here).
serveLegalFacts({});

const { mainNav } = enCommon.navigation;
const { posts: blogPosts } = enPosts;

describe('route table', () => {
  it("has the spec's five public routes in the nav order, the articles' route, the booking page, the newsletter e-mails' two pages out of the index, and the legal pages", () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/services',
      '/research',
      '/blog',
      '/blog/:slug',
      '/contact',
      '/book',
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/privacy',
      '/terms',
    ]);
    expect(mainNav.map((item) => item.to)).toEqual(['/', '/services', '/research', '/blog', '/contact']);
    expect(seedSitePages.filter((page) => page.noindex).map((page) => page.path)).toEqual([
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/es/boletin/confirmar',
      '/es/boletin/cancelar',
    ]);
  });

  it('holds one page per article under /blog/:slug and /es/blog/:slug, named by its slug in its language, each with the other as its alternate', () => {
    const articles = seedSitePages.filter((page) => page.chunk === 'Article');
    expect(articles.map((page) => page.path)).toEqual([
      ...blogPosts.map((post) => `/blog/${post.slug}`),
      ...esPosts.map((post) => `/es/blog/${post.slug}`),
    ]);
    for (const [index, post] of blogPosts.entries()) {
      const alternates = { en: `/blog/${post.slug}`, es: `/es/blog/${esPosts[index]!.slug}` };
      expect(
        articles.filter((page) => Object.values(alternates).includes(page.path)).map((page) => page.alternates),
      ).toEqual([alternates, alternates]);
    }
  });

  it('gives every page a unique title (60 characters at most, or the article title and the site name) and a 70-160 character description', () => {
    // In its language: a translated page's head comes from the catalogue.
    const all = [...seedSitePages, notFoundPageIn('en'), notFoundPageIn('es')].map((page) =>
      pageHead(page, catalogues[page.locale]),
    );
    expect(new Set(all.map((page) => page.title)).size).toBe(all.length);
    for (const page of all) {
      const post = [...blogPosts, ...esPosts].find((candidate) => page.path.endsWith(`/blog/${candidate.slug}`));
      if (post) expect(page.title).toBe(`${post.title} | Meridian Lab`);
      else expect(page.title.length, page.title).toBeLessThanOrEqual(60);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(70);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
      expect(page.keywords.length).toBeGreaterThan(0);
    }
  });

  it('keeps the not-found page out of the index with a 404 status', () => {
    expect(notFoundPage).toMatchObject({ path: '*', status: 404, noindex: true });
    expect(indexablePagesNow()).not.toContain(notFoundPage);
  });

  it('loads every page module lazily, each with a default component', async () => {
    for (const page of [...pages, notFoundPage]) {
      const module = await page.load();
      expect(typeof module.default, page.chunk).toBe('function');
    }
    // The pages whose text is a chunk of its own bring the loader that fetches it.
    const loaders = await Promise.all(
      pages.map(async (page) => [page.chunk, typeof (await page.load()).loader] as const),
    );
    expect(loaders.filter(([, type]) => type === 'function').map(([chunk]) => chunk)).toEqual([
      'Article',
      'Privacy',
      'Terms',
    ]);
  });

  it('matches every path to one page of the table, in the language of its path, with its parameters', () => {
    const [post] = blogPosts;
    expect(matchPage(`/blog/${post!.slug}`)).toMatchObject({
      page: { chunk: 'Article', locale: 'en', path: `/blog/${post!.slug}` },
      params: { slug: post!.slug },
    });
    expect(matchPage('/es/contacto').page).toMatchObject({ chunk: 'Contact', locale: 'es' });
    expect(matchPage('/no/such/page').page).toMatchObject({ status: 404, locale: 'en' });
    expect(matchPage('/es/no-existe').page).toMatchObject({ status: 404, locale: 'es' });
    // An article's slug that names no post is the not-found page in its language.
    expect(matchPage('/es/blog/no-existe').page).toMatchObject({ status: 404, locale: 'es', chunk: 'Article' });
  });

  it("loads a page's component with its loader's data: an article's body, null for an unknown slug", async () => {
    const [post] = blogPosts;
    const article = await loadPage(`/blog/${post!.slug}`);
    expect(article.error).toBeUndefined();
    expect(article.Component).toBeTypeOf('function');
    expect(article.data).toMatch(/^<p>/);
    expect((await loadPage('/blog/no-such-post')).data).toBeNull();
    const privacy = await loadPage('/es/privacidad');
    expect(privacy.data).toContain('<h2');
    expect((await loadPage('/services')).data).toBeUndefined();
  });
});
