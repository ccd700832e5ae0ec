import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { posts as esPosts } from '../../shared/generated/posts.es';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { categoryLabel } from '../../shared/model/blog';
import { imageSources } from '../../shared/model/images';
import {
  entryScript,
  executableInlineScripts,
  hreflangAlternates,
  jsonLd,
  TEST_SITE_URL,
  testApp,
} from '../support/helpers';
import { xmlOf } from '../support/xml';

const { posts: blogPosts } = enPosts;

const app = testApp();
afterAll(() => app.db.close());

/**
 * A page and its twin in the other language name each other, and English as the default, in their hreflang
 * links. Returns the twin's HTML.
 */
async function expectTwins(text: string, locale: Locale, url: string, twin: string): Promise<string> {
  const english = locale === 'en' ? url : twin;
  const expected = {
    en: `${TEST_SITE_URL}${english}`,
    es: `${TEST_SITE_URL}${locale === 'es' ? url : twin}`,
    'x-default': `${TEST_SITE_URL}${english}`,
  };
  expect(hreflangAlternates(text)).toEqual(expected);
  const back = (await request(app).get(twin)).text;
  expect(hreflangAlternates(back)).toEqual(expected);
  return back;
}

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** What an article's page says around the article, in both languages. */
const articleIn = {
  /** The blog, and the home page that opens the breadcrumb trail with its name. */
  paths: { en: ['/blog', '/', 'Home'], es: ['/es/blog', '/es', 'Inicio'] },
  date: { en: /^[A-Z][a-z]+ \d{1,2}, 2024$/, es: /^\d{1,2} de [a-z]+ de 2024$/ },
  readTime: { en: /<span>\d+ min read<\/span>/, es: /<span>\d+ min de lectura<\/span>/ },
  /** The way back, the pager's label, the related articles' heading and the call to action's title. */
  around: {
    en: ['Back to the blog', 'More articles', 'Related articles', 'Have a project in mind?'],
    es: ['Volver al blog', 'Más artículos', 'Artículos relacionados', '¿Tiene un proyecto en mente?'],
  },
  /** The call to action's button, and the contact page it leads to. */
  startProject: { en: ['Start Your Project', '/contact'], es: ['Empiece su proyecto', '/es/contacto'] },
  feedTitle: { en: 'Meridian Lab blog', es: 'Blog de Meridian Lab' },
} as const satisfies Record<string, Record<Locale, unknown>>;

/** Each article in each language, with its twin in the other. */
const articles = blogPosts.flatMap((english, index) => {
  const spanish = esPosts[index]!;
  return [
    { path: `/blog/${english.slug}`, locale: 'en' as const, post: english, twin: `/es/blog/${spanish.slug}` },
    { path: `/es/blog/${spanish.slug}`, locale: 'es' as const, post: spanish, twin: `/blog/${english.slug}` },
  ];
});

describe.each(articles)('GET $path', ({ path: url, locale, post, twin }) => {
  const other = locales.find((candidate) => candidate !== locale)!;
  const [blog, home, homeName] = articleIn.paths[locale];
  const { categories } = catalogues[locale].posts;

  it('is the article in its language: title, author, date, read time, category link, hero image, body, the way back, more articles and the call to action', async () => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(200);
    expect(text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1]).toBe(post.title);
    expect(text).toContain(`<span class="blog-meta__author">${post.author}</span>`);
    const date = new Intl.DateTimeFormat(localeTags[locale].intl, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${post.date}T00:00:00Z`),
    );
    expect(date).toMatch(articleIn.date[locale]);
    expect(text).toContain(`<time dateTime="${post.date}">${date}</time>`);
    expect(text).toContain(`<span>${post.readTime}</span>`);
    expect(text).toMatch(articleIn.readTime[locale]);
    expect(text).toMatch(
      new RegExp(
        `<a[^>]*href="${blog}\\?category=${post.category}"[^>]*>${categoryLabel(post.category, categories)}</a>`,
      ),
    );
    expect(text).toMatch(
      new RegExp(
        // The cover's alt text, as the editor requires it: what the image shows, in the page's language.
        `<img class="article__image" src="${imageSources(post.image!).src}" width="1200" height="750" alt="[^"]+" fetchPriority="high"/>`,
      ),
    );
    expect(text).toMatch(/<div class="prose"><p>/);
    const [back, more, related, cta] = articleIn.around[locale];
    expect(text).toMatch(new RegExp(`<a[^>]*href="${blog}"[^>]*>[\\s\\S]*?${back}</a>`));
    expect(text).toContain(`aria-label="${more}"`);
    expect(text).toContain(related);
    expect(text.match(/<article id="post-\d+" class="blog-card"/g)).toHaveLength(3);
    expect(text).toContain(cta);
    const [startProject, contact] = articleIn.startProject[locale];
    expect(text).toMatch(new RegExp(`<a class="button button--primary" href="${contact}"[^>]*>${startProject}`));
    // Its related cards and pager lead to articles in its language only.
    const main = /<main[\s\S]*<\/main>/.exec(text)?.[0] ?? '';
    const articleLinks = [...main.matchAll(/href="([^"]*\/blog\/[^"]+)"/g)].map((match) => match[1]!);
    expect(articleLinks.length).toBeGreaterThanOrEqual(4);
    expect(articleLinks.filter((href) => !href.startsWith(`${blog}/`))).toEqual([]);
    // No words the other language's article page has around its article.
    for (const word of articleIn.around[other]) expect(text).not.toContain(word);
    expect(text).not.toMatch(articleIn.readTime[other]);
    expect(executableInlineScripts(text)).toEqual([entryScript()]);
    expect(text).not.toMatch(/<[a-z][^>]*\sstyle="/i);
  });

  it("sets the article's head: title, description, Open Graph article facts, canonical, feeds, og:locale and hreflang both ways", async () => {
    const { text } = await request(app).get(url);
    expect(text).toContain(`<title>${post.title} | Meridian Lab</title>`);
    expect(post.excerpt.startsWith(meta(text, 'name', 'description')!.replace(/…$/, ''))).toBe(true);
    expect(meta(text, 'property', 'og:type')).toBe('article');
    expect(meta(text, 'property', 'article:published_time')).toBe(post.date);
    expect(meta(text, 'property', 'article:author')).toBe(post.author);
    expect(meta(text, 'property', 'article:section')).toBe(categoryLabel(post.category, categories));
    // Its own card, with what its cover shows (decision 075).
    expect(meta(text, 'property', 'og:image')).toMatch(new RegExp(`^${TEST_SITE_URL}/media/og/[0-9a-f]{16}\\.jpg$`));
    expect(meta(text, 'property', 'og:image:alt')).toMatch(/\w/);
    expect(meta(text, 'property', 'og:locale')).toBe(localeTags[locale].ogLocale);
    expect(meta(text, 'property', 'og:locale:alternate')).toBe(localeTags[other].ogLocale);
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${url}"/>`);
    expect(text).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${articleIn.feedTitle[locale]} (RSS)" href="${blog}/rss.xml"/>`,
    );
    expect(text).toContain(
      `<link rel="alternate" type="application/atom+xml" title="${articleIn.feedTitle[locale]} (Atom)" href="${blog}/atom.xml"/>`,
    );
    expect(text.match(/<meta property="og:type"/g)).toHaveLength(1);
    const back = await expectTwins(text, locale, url, twin);
    expect(back).toMatch(
      new RegExp(
        `<a href="${url}" hrefLang="${locale}" lang="${locale}" class="language-switch__link">${localeTags[locale].name}</a>`,
      ),
    );
  });

  it('describes itself as a BlogPosting in its language, published by the lab, with its breadcrumb trail', async () => {
    const { text } = await request(app).get(url);
    const data = jsonLd(text);
    expect(data.find((item) => item['@type'] === 'BlogPosting')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      inLanguage: locale,
      headline: post.title,
      description: post.excerpt,
      image: {
        '@type': 'ImageObject',
        url: meta(text, 'property', 'og:image'),
        width: 1200,
        height: 630,
        caption: meta(text, 'property', 'og:image:alt'),
      },
      datePublished: post.date,
      author: { '@type': 'Person', name: post.author },
      publisher: {
        '@type': 'Organization',
        '@id': `${TEST_SITE_URL}/#organization`,
        name: 'Meridian Lab',
        url: `${TEST_SITE_URL}/`,
        logo: { '@type': 'ImageObject', url: `${TEST_SITE_URL}/icons/icon-512.png` },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${TEST_SITE_URL}${url}` },
      url: `${TEST_SITE_URL}${url}`,
    });
    const trail = data.find((item) => item['@type'] === 'BreadcrumbList')?.itemListElement as {
      name: string;
      item: string;
    }[];
    expect(trail.map(({ name, item }) => [name, item])).toEqual([
      [homeName, `${TEST_SITE_URL}${home}`],
      ['Blog', `${TEST_SITE_URL}${blog}`],
      [post.title, `${TEST_SITE_URL}${url}`],
    ]);
  });
});

describe('an unknown article', () => {
  it.each([
    ['/blog/no-such-article', 'en', 'Page not found'],
    ['/blog/constructor', 'en', 'Page not found'],
    ['/blog/How-Machine-Learning', 'en', 'Page not found'],
    // A Spanish slug under /blog is no English article, and an English slug under /es/blog no Spanish one.
    [`/blog/${esPosts[0]!.slug}`, 'en', 'Page not found'],
    ['/es/blog/no-existe', 'es', 'Página no encontrada'],
    [`/es/blog/${blogPosts[0]!.slug}`, 'es', 'Página no encontrada'],
  ] as const)('%s is the not-found page in %s with 404, every time', async (url, locale, heading) => {
    for (let visit = 0; visit < 2; visit++) {
      const { status, text } = await request(app).get(url);
      expect(status).toBe(404);
      expect(text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
      expect(text).toContain(`<h1 id="page-title">${heading}</h1>`);
      expect(meta(text, 'name', 'robots')).toBe('noindex, follow');
      expect(text).not.toContain('rel="canonical"');
    }
  });
});

describe('links to the articles', () => {
  it('lead from the featured post, every card and Recent Posts to the articles', async () => {
    const { text } = await request(app).get('/blog');
    for (const post of blogPosts) expect(text, post.slug).toContain(`href="/blog/${post.slug}"`);
    expect(text.match(/class="blog-card__link"/g)).toHaveLength(blogPosts.length);
  });
});

/** What the legal pages and the links to them say, in both languages. */
const legalIn = {
  updated: {
    en: /Last updated:(<!-- -->)? <time dateTime="([^"]+)">November \d{1,2}, 2026<\/time>/,
    es: /Última actualización:(<!-- -->)? <time dateTime="([^"]+)">\d{1,2} de noviembre de 2026<\/time>/,
  },
  country: { en: 'United States', es: 'Estados Unidos' },
  /** The footer's two links. */
  links: { en: ['Privacy Policy', 'Terms of Service'], es: ['Política de privacidad', 'Términos del servicio'] },
  /** The contact form's consent line, up to its link. */
  consent: { en: 'Read our', es: 'Lea nuestra' },
  /** Pages whose footer links the legal pages. */
  footers: {
    en: ['/', '/contact', `/blog/${blogPosts[0]!.slug}`],
    es: ['/es', '/es/contacto', `/es/blog/${esPosts[0]!.slug}`],
  },
} as const satisfies Record<string, Record<Locale, unknown>>;

/** Each legal page in each language, with its twin in the other. */
const legalPages = [
  ['/privacy', 'en', '/es/privacidad', 'privacy'],
  ['/terms', 'en', '/es/terminos', 'terms'],
  ['/es/privacidad', 'es', '/privacy', 'privacy'],
  ['/es/terminos', 'es', '/terms', 'terms'],
] as const;

describe.each(legalPages)('GET %s', (url, locale, twin, name) => {
  const document = catalogues[locale].legal.documents[name];
  const other = locales.find((candidate) => candidate !== locale)!;

  it('is the legal page in its language: heading, text, date, and head with hreflang both ways', async () => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(200);
    expect(text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1]).toBe(document.title);
    expect(text).toContain(`<title>${document.title} | Meridian Lab</title>`);
    expect(meta(text, 'name', 'description')).toBe(document.description);
    expect(legalIn.updated[locale].exec(text)?.[2]).toBe(document.updated);
    expect(text).not.toMatch(legalIn.updated[other]);
    expect(text).toMatch(/<div class="prose"><p>/);
    expect(text).toContain(legalIn.country[locale]);
    expect(text).not.toMatch(/<[a-z][^>]*\sstyle="/i);
    expect(meta(text, 'property', 'og:locale')).toBe(localeTags[locale].ogLocale);
    await expectTwins(text, locale, url, twin);
  });

  it('links only to pages of the site in its language from its text', async () => {
    const { text } = await request(app).get(url);
    const prose = /<div class="prose">([\s\S]*?)<\/div>/.exec(text)?.[1] ?? '';
    const internal = [...prose.matchAll(/href="(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(internal.length).toBeGreaterThan(0);
    for (const href of internal) {
      expect(href.startsWith('/es/'), href).toBe(locale === 'es');
      const linked = await request(app).get(href);
      expect(linked.status, href).toBe(200);
      expect(linked.text.startsWith(`<!DOCTYPE html><html lang="${locale}">`), href).toBe(true);
    }
  });
});

describe.each(locales)('links to the legal pages in %s', (locale) => {
  const [privacy, terms] = legalIn.links[locale];
  const privacyPath = legalPages.find(([, pageLocale, , name]) => pageLocale === locale && name === 'privacy')![0];
  const termsPath = legalPages.find(([, pageLocale, , name]) => pageLocale === locale && name === 'terms')![0];

  it.each(legalIn.footers[locale])('%s links both from its footer', async (url) => {
    const { text } = await request(app).get(url);
    const footer = /<footer[\s\S]*<\/footer>/.exec(text)?.[0] ?? '';
    expect(footer).toMatch(new RegExp(`<a href="${privacyPath}"[^>]*>${privacy}</a>`));
    expect(footer).toMatch(new RegExp(`<a href="${termsPath}"[^>]*>${terms}</a>`));
  });

  it("link from the contact form's consent line", async () => {
    const { text } = await request(app).get(legalIn.footers[locale][1]);
    expect(text).toMatch(
      new RegExp(`${legalIn.consent[locale]}(<!-- -->)? <a href="${privacyPath}"[^>]*>${privacy}</a>`),
    );
  });
});

describe('the sitemap', () => {
  it('lists every article and legal page in both languages with its date and its alternates both ways', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const { documents } = catalogues.es.legal;
    const entries = [
      ...esPosts.map((post, index) => [`/es/blog/${post.slug}`, `/blog/${blogPosts[index]!.slug}`, post.date] as const),
      ['/es/privacidad', '/privacy', documents.privacy.updated] as const,
      ['/es/terminos', '/terms', documents.terms.updated] as const,
    ];
    for (const [spanish, english, lastmod] of entries) {
      const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}${english}"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}${spanish}"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}${english}"/>`;
      expect(text).toContain(`<url><loc>${TEST_SITE_URL}${spanish}</loc><lastmod>${lastmod}</lastmod>${links}</url>`);
      expect(text).toContain(`<url><loc>${TEST_SITE_URL}${english}</loc><lastmod>${lastmod}</lastmod>${links}</url>`);
    }
  });
});

/** A feed as parsed: RSS's channel of items, or Atom's entries. */
type FeedDoc = {
  rss: { channel: { item: Record<string, unknown>[]; language: string } };
  feed: { entry: Record<string, unknown>[] };
};

describe.each([
  ['/blog/rss.xml', 'application/rss+xml', 'en'],
  ['/blog/atom.xml', 'application/atom+xml', 'en'],
  ['/es/blog/rss.xml', 'application/rss+xml', 'es'],
  ['/es/blog/atom.xml', 'application/atom+xml', 'es'],
] as const)('GET %s', (url, type, locale) => {
  const { posts, categories } = catalogues[locale].posts;

  it("is well-formed XML listing the language's six posts, newest first, each linking to its article in that language", async () => {
    const { response, doc } = await xmlOf<FeedDoc>(app, url);
    expect(response.headers['content-type']).toBe(`${type}; charset=utf-8`);
    const items = (type.includes('rss') ? doc.rss.channel.item : doc.feed.entry) as Record<string, unknown>[];
    expect(items).toHaveLength(6);
    const links = items.map((item) =>
      type.includes('rss') ? item.link : (item.link as Record<string, string>)['@_href'],
    );
    const itemCategories = items.map((item) => item.category);
    if (type.includes('atom'))
      expect(itemCategories.every((category) => (category as Record<string, string>)['@_term'])).toBe(true);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    expect(links).toEqual(posts.map((post) => `${TEST_SITE_URL}${prefix}/blog/${post.slug}`));
    const text = (value: unknown) => (typeof value === 'object' ? (value as Record<string, string>)['#text'] : value);
    expect(items.map((item) => text(item.title))).toEqual(posts.map((post) => post.title));
    if (type.includes('rss')) {
      expect(doc.rss.channel.language).toBe(locale);
      expect(items.map((item) => text(item.category))).toEqual(
        posts.map((post) => categoryLabel(post.category, categories)),
      );
    }
  });
});
