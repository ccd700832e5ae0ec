import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { departmentFacts, officeFacts, siteFacts, telHref } from '../../shared/content/data';
import { legal as enLegal } from '../../shared/content/i18n/en/legal';
import { newsletterConfirm as confirmPage } from '../../shared/content/i18n/en/newsletterConfirm';
import { newsletterUnsubscribe as unsubscribePage } from '../../shared/content/i18n/en/newsletterUnsubscribe';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { services as enServices } from '../../shared/content/i18n/en/services';
import { services as esServices } from '../../shared/content/i18n/es/services';
import { posts as esPosts } from '../../shared/generated/posts.es';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { postPath } from '../../shared/model/articles';
import { assetUrl } from '../../shared/model/assets';
import { catalogueChunks, pageHead, seedSitePages } from '../../shared/routes';
import { readBuildManifest } from '../bench/sizes';
import {
  cspSources,
  entryScript,
  executableInlineScripts,
  hreflangAlternates,
  organizationJsonLd,
  sha256Source,
  TEST_SITE_URL,
  testApp,
} from '../support/helpers';

const { posts: blogPosts } = enPosts;
const { documents: legalDocuments } = enLegal;

const app = testApp();
afterAll(() => app.db.close());

const mainHeadings: Record<string, string> = {
  '/': 'Transforming Digital',
  '/es': 'Transformamos experiencias',
  '/es/contacto': 'Hablemos',
  '/services': 'Our Services',
  '/research': 'Research &amp; Innovation',
  '/blog': 'Our Blog',
  '/contact': 'Get In Touch',
  // Opened without a link's token, the newsletter pages say where to find it.
  '/newsletter/confirm': confirmPage.missing.title,
  '/newsletter/unsubscribe': unsubscribePage.missing.title,
  '/privacy': legalDocuments.privacy.title,
  '/terms': legalDocuments.terms.title,
  '/es/servicios': catalogues.es.services.hero.title,
  '/es/investigacion': catalogues.es.research.hero.title,
  '/es/blog': catalogues.es.blog.hero.title,
  '/es/boletin/confirmar': catalogues.es.newsletterConfirm.missing.title,
  '/es/boletin/cancelar': catalogues.es.newsletterUnsubscribe.missing.title,
  '/es/privacidad': catalogues.es.legal.documents.privacy.title,
  '/es/terminos': catalogues.es.legal.documents.terms.title,
  '/book': catalogues.en.book.title,
  '/es/reservar': catalogues.es.book.title,
  ...Object.fromEntries([...blogPosts, ...esPosts].map((post) => [postPath(post), post.title])),
};

/** The content of a head tag, or undefined. */
function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe.each(seedSitePages.map((sitePage) => pageHead(sitePage, catalogues[sitePage.locale])))('GET $path', (page) => {
  it('streams the whole page as HTML with its main heading, before any script runs', async () => {
    // A fresh app: the first request for a URL is rendered and streamed, later ones come from memory.
    const fresh = testApp();
    const response = await request(fresh).get(page.path);
    fresh.db.close();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.text.startsWith(`<!DOCTYPE html><html lang="${page.locale}">`)).toBe(true);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(response.text)?.[1] ?? '';
    expect(h1).toContain(mainHeadings[page.path]);
    expect(response.text.match(/<h1\b/g)).toHaveLength(1);
  });

  it("sets the page's own head: title, description, keywords, robots and absolute canonical", async () => {
    const { text } = await request(app).get(page.path);
    const escaped = (value: string) => value.replace(/&/g, '&amp;');
    expect(text).toContain(`<title>${escaped(page.title)}</title>`);
    expect(meta(text, 'name', 'description')).toBe(escaped(page.description));
    expect(meta(text, 'name', 'keywords')).toBe(page.keywords.join(', '));
    expect(meta(text, 'property', 'og:url')).toBe(`${TEST_SITE_URL}${page.path}`);
    expect(text.match(/<title>/g)).toHaveLength(1);
    if (page.noindex) {
      // The newsletter e-mails' pages stay out of search engines.
      expect(meta(text, 'name', 'robots')).toBe('noindex, follow');
      expect(text).not.toContain('<link rel="canonical"');
    } else {
      expect(meta(text, 'name', 'robots')).toBe('index, follow');
      expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${page.path}"/>`);
      expect(text.match(/<link rel="canonical"/g)).toHaveLength(1);
    }
  });

  it('adds the shared head (sharing tags, theme colour, icons, manifest) and the organization JSON-LD', async () => {
    const { text } = await request(app).get(page.path);
    // An article with a cover is shared with its own card (decision 075); every other page with the site's.
    expect(meta(text, 'property', 'og:image')).toMatch(
      page.article ? /\/media\/og\/[0-9a-f]{16}\.jpg$/ : new RegExp(`^${TEST_SITE_URL}/images/og-image\\.png$`),
    );
    expect(meta(text, 'property', 'og:type')).toBe(page.article ? 'article' : 'website');
    expect(meta(text, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(text, 'name', 'theme-color')).toMatch(/^#[0-9a-f]{6}$/);
    expect(text).toContain(`<link rel="apple-touch-icon" href="${assetUrl('/icons/apple-touch-icon.png')}"/>`);
    // The tab icon is inline, the build's bitmap: a file would be fetched before the first paint.
    expect(text.match(/<link rel="icon"[^>]*>/g)).toEqual([
      `<link rel="icon" href="${readBuildManifest().tabIcon}" type="image/webp" sizes="32x32"/>`,
    ]);
    expect(text).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(organizationJsonLd(text)?.makesOffer).toHaveLength(4);
  });

  it('inlines its own CSS and the entry, as the last module script of its head, and links no stylesheet, font or script', async () => {
    const { text } = await request(app).get(page.path);
    expect(text).toContain(`<style data-precedence="default" data-href="critical-${page.chunk}">`);
    expect(text).not.toMatch(/<link rel="stylesheet"/);
    expect(text).not.toMatch(/as="font"/);
    expect(text).not.toMatch(/<link rel="modulepreload"/);
    expect(text).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(text).toContain(`<script type="module">${entryScript()}</script></head>`);
  });

  it('names for the entry every script its first hydration runs, its texts in its language among them', async () => {
    const { text } = await request(app).get(page.path);
    const config = /<script id="runtime-config" type="application\/json">([\s\S]*?)<\/script>/.exec(text)?.[1];
    const { modules } = JSON.parse(config ?? '{}') as { modules?: string[] };
    const { routes } = readBuildManifest();
    for (const chunk of [page.chunk, ...catalogueChunks(page)])
      expect(modules, chunk).toEqual(expect.arrayContaining(routes[chunk] ?? ['(no such chunk)']));
  });

  it('runs one inline script, the entry, allowed by exactly its hash in script-src: no nonce, the same on every page', async () => {
    const response = await request(app).get(page.path);
    const scripts = executableInlineScripts(response.text);
    expect(scripts).toEqual([entryScript()]);
    const sources = cspSources(response.headers['content-security-policy'] as string, 'script-src');
    expect(sources).toEqual(["'self'", sha256Source(scripts[0]!)]);
    // A script changed by one character (or injected) would not match it.
    expect(sources).not.toContain(sha256Source(`${scripts[0]!};`));
  });
});

describe("each page's security policy", () => {
  // An app of its own, so each page's first answer here is its first render.
  const fresh = testApp();
  afterAll(() => fresh.db.close());

  it.each(seedSitePages)(
    "$path allows its own critical CSS in style-src and no other page's, on its first answer and when kept",
    async (page) => {
      const own = `'${readBuildManifest().criticalCss[page.chunk]!.hash}'`;
      for (const kept of [false, true]) {
        const response = await request(fresh).get(page.path);
        // A kept page goes out with its validator; the first answer streams without one.
        expect(response.headers.etag !== undefined).toBe(kept);
        expect(cspSources(response.headers['content-security-policy'] as string, 'style-src')).toEqual(["'self'", own]);
        // The page cache keeps a page once its first answer has ended and its bytes are compressed.
        if (!kept)
          await expect
            .poll(async () => (await request(fresh).get(page.path)).headers.etag, { timeout: 10_000 })
            .toBeDefined();
      }
    },
  );

  it('allows no inline style on an answer that is no page', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/healthz']) {
      const response = await request(fresh).get(url);
      expect(cspSources(response.headers['content-security-policy'] as string, 'style-src'), url).toEqual(["'self'"]);
    }
  });
});

describe('the shared layout in the raw HTML', () => {
  it('has the skip link, landmarks, nav, call to action, Menu button and footer of the spec', async () => {
    const { text } = await request(app).get('/research');
    expect(text).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    expect(text).toMatch(/<main id="main"/);
    expect(text).toMatch(/<header class="site-header">/);
    expect(text).toMatch(/<footer class="site-footer">/);
    for (const [label, href] of [
      ['Home', '/'],
      ['Services', '/services'],
      ['Research', '/research'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ]) {
      expect(text).toMatch(new RegExp(`href="${href}"[^>]*>${label}</a>`));
    }
    expect(text).toMatch(/class="nav-link is-active" aria-current="page" href="\/research"/);
    expect(text).toMatch(/href="\/contact"[^>]*>Get Started<\/a>/);
    // Before hydration the button opens the menu natively; aria-expanded comes with JavaScript.
    expect(text).toMatch(
      /<button[^>]*aria-controls="mobile-menu" popoverTarget="mobile-menu">[\s\S]*?<span>Menu<\/span><\/button>/,
    );
    expect(text).toContain(
      'Cutting-edge web development lab specializing in custom websites, AI voice systems, and digital marketing solutions that transform your digital presence.',
    );
    for (const label of ['Web Development', 'AI Voice Systems', 'Digital Marketing']) {
      expect(text).toContain(`<a href="/services">${label}</a>`);
    }
    expect(text).toMatch(/© (<!-- -->)?2024/);
    expect(text).toContain('<a href="/privacy">Privacy Policy</a>');
    expect(text).toContain('<a href="/terms">Terms of Service</a>');
    expect(text).not.toContain('aria-disabled');
  });

  it('marks Home active only on "/"', async () => {
    const home = await request(app).get('/');
    expect(home.text).toMatch(/class="nav-link is-active" aria-current="page" href="\/"/);
    const blog = await request(app).get('/blog');
    expect(blog.text).not.toMatch(/class="nav-link is-active" aria-current="page" href="\/"/);
  });
});

describe('phone numbers', () => {
  it('are links to call, and the services page offers a call, only for a real number: a stand-in is text that nobody dials and no call is counted for', async () => {
    const phones = [siteFacts.phone, ...departmentFacts.map((department) => department.phone)];
    for (const office of officeFacts) if (office.phone) phones.push(office.phone);
    for (const path of ['/contact', '/es/contacto', '/services', '/es/servicios']) {
      const html = (await request(app).get(path)).text;
      for (const phone of phones)
        expect(html.includes(`href="${telHref(phone)}"`), `${path} ${phone.number}`).toBe(!phone.placeholder);
    }
    const callAction = (path: string, text: string) =>
      request(app)
        .get(path)
        .then((answer) => answer.text.includes(text));
    expect(await callAction('/services', enServices.cta.callAction)).toBe(!siteFacts.phone.placeholder);
    expect(await callAction('/es/servicios', esServices.cta.callAction)).toBe(!siteFacts.phone.placeholder);
  });
});

describe('rendered pages in memory', () => {
  it('serves a repeated URL with the same bytes as the first, streamed, render', async () => {
    const fresh = testApp();
    const first = await request(fresh).get('/research?ref=news').set('Accept-Encoding', 'identity');
    // Kept once its compressed copies are made.
    await expect
      .poll(async () => (await request(fresh).get('/research').set('Accept-Encoding', 'identity')).headers.etag, {
        timeout: 10_000,
      })
      .toBeDefined();
    const second = await request(fresh).get('/research?ref=news').set('Accept-Encoding', 'identity');
    fresh.db.close();
    expect(first.headers['transfer-encoding']).toBe('chunked');
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  it('keeps one not-found page per section and language: any unknown path gets it, kept, with its 404', async () => {
    const fresh = testApp();
    const first = await request(fresh).get('/no-such-page').set('Accept-Encoding', 'identity');
    expect(first.headers['transfer-encoding']).toBe('chunked');
    await expect
      .poll(async () => (await request(fresh).get('/another/unknown?x=1')).headers.etag, { timeout: 10_000 })
      .toBeDefined();
    for (const path of ['/a-third-one', '/x/y/z', `/${'n'.repeat(300)}`]) {
      const again = await request(fresh).get(path).set('Accept-Encoding', 'identity');
      expect(again.status, path).toBe(404);
      expect(again.headers.etag, path).toBeDefined();
      expect(again.text, path).toBe(first.text);
    }
    // Another language's and another section's not-found pages are their own.
    const spanish = await request(fresh).get('/es/no-existe').set('Accept-Encoding', 'identity');
    expect(spanish.status).toBe(404);
    expect(spanish.text).toContain('<html lang="es">');
    const article = await request(fresh).get('/blog/no-such-article').set('Accept-Encoding', 'identity');
    expect(article.status).toBe(404);
    expect(article.text).not.toBe(first.text);
    fresh.db.close();
  });

  it('renders every request afresh in development, where builds change the page', async () => {
    const dev = testApp({ NODE_ENV: 'development' });
    await request(dev).get('/blog');
    const again = await request(dev).get('/blog');
    dev.db.close();
    expect(again.headers['transfer-encoding']).toBe('chunked');
  });
});

describe('unknown paths', () => {
  it.each([
    ['/no-such-page', 'en', 'Page not found', '/', 'Back to home'],
    ['/es/no-existe', 'es', 'Página no encontrada', '/es', 'Volver al inicio'],
  ] as const)(
    'answer %s with 404 and the %s not-found page inside the layout, a link home and noindex',
    async (path, locale, heading, home, back) => {
      const response = await request(app).get(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
      expect(response.text).toContain(`<title>${catalogues[locale].notFound.head.title}</title>`);
      expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(response.text).not.toContain('rel="canonical"');
      expect(response.text).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(response.text).toMatch(new RegExp(`<a class="button button--primary" href="${home}"[^>]*>${back}</a>`));
      expect(response.text).toContain('class="site-header"');
      expect(response.text).not.toContain('Unexpected Application Error');
    },
  );

  it("leave a page without a twin in the other language (an unknown path's 404) without hreflang or a switch", async () => {
    const { text } = await request(app).get('/no-such-page');
    expect(hreflangAlternates(text)).toEqual({});
    expect(text).not.toContain('class="language-switch__link"');
  });

  it('include nested paths and paths that only share a prefix with a page', async () => {
    for (const path of ['/services/old', '/blogging', '/a/b/c']) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
  });

  it.each([
    ['POST', '/services', 'en'],
    ['PUT', '/nope', 'en'],
    ['DELETE', '/es/servicios', 'es'],
    ['PATCH', '/es/nada/x', 'es'],
    ['PROPFIND', '/', 'en'],
  ] as const)(
    'answer %s %s, which no route takes, with the small not-found page in %s',
    async (method, path, locale) => {
      const agent = request(app) as unknown as Record<string, (path: string) => request.Test>;
      const response = await agent[method.toLowerCase()]!(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.text).toContain(`<html lang="${locale}">`);
      expect(response.text).toContain(`<h1 id="error-title">${catalogues[locale].notFound.title}</h1>`);
      expect(response.text).not.toMatch(/Cannot|<pre>/);
    },
  );

  /** An article's path with its slug's first letter percent-encoded. */
  const article = `/blog/${blogPosts[0]!.slug}`;
  const encodedArticle = article.replace(/(?<=^\/blog\/)./, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
  it.each([
    ['/%73ervices', '/services'],
    ['/servic%65s?ref=ad&x=%41', '/services?ref=ad&x=%41'],
    ['/co%6Etact', '/contact'],
    ['/co%6etact?sent=1', '/contact?sent=1'],
    ['/%73ervices/?ref=ad', '/services?ref=ad'],
    ['/es/servi%63ios', '/es/servicios'],
    [encodedArticle, article],
    ['/newsletter/c%6Fnfirm?token=abc', '/newsletter/confirm?token=abc'],
  ])(
    'answer %s, a percent-encoded spelling of a page, with a 301 to it (%s), never a render of its own',
    async (path, page) => {
      const response = await request(app).get(path);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe(page);
    },
  );

  it.each(['/%2Fservices', '/blog%2Fx', '/es/servi%63ios%2Fx', '/servic%45s'])(
    'answer %s, which spells no page once decoded, with the not-found page',
    async (path) => {
      const response = await request(app).get(path);
      expect(response.status).toBe(404);
      expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
    },
  );

  it('redirect a trailing slash to the one canonical URL, keeping the query', async () => {
    const response = await request(app).get('/services/?ref=ad');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/services?ref=ad');
  });
});

/** The frame's words in both languages: every page's header, menu and head carry them. */
const frameIn = {
  menu: { en: 'Menu', es: 'Menú' },
  navLabel: { en: 'Main', es: 'Principal' },
  /** The header's call to action, and the contact page it leads to. */
  getStarted: { en: ['Get Started', '/contact'], es: ['Empecemos', '/es/contacto'] },
  /** The first plan among the organization's offers in its JSON-LD, and the services page it links. */
  firstOffer: { en: ['Web Subscription', '/services'], es: ['Suscripción web', '/es/servicios'] },
  /** The feeds' title, and the blog they are the feeds of. */
  feeds: { en: ['Meridian Lab blog', '/blog'], es: ['Blog de Meridian Lab', '/es/blog'] },
} satisfies Record<string, Record<Locale, string | [string, string]>>;

// Pages kept out of search (the newsletter's consent steps) have no canonical or hreflang: newsletter.test.ts covers them.
const indexable = seedSitePages.filter((page) => !page.noindex);
describe.each(indexable)('GET $path beside its twin in the other language', (page) => {
  const { locale } = page;
  const other = locales.find((candidate) => candidate !== locale)!;
  const twin = page.alternates[other]!;

  it('is a document in its language: lang, canonical, og:locale and the words of the frame', async () => {
    const response = await request(app).get(page.path);
    expect(response.status).toBe(200);
    expect(response.text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(response.text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${page.path}"/>`);
    expect(response.text).toContain(`<meta property="og:locale" content="${localeTags[locale].ogLocale}"/>`);
    expect(response.text).toContain(`<meta property="og:locale:alternate" content="${localeTags[other].ogLocale}"/>`);
    expect(response.text).toContain(`<a class="skip-link" href="#main">${catalogues[locale].layout.skipLink}</a>`);
    expect(response.text).toContain(`<span>${frameIn.menu[locale]}</span>`);
    expect(response.text).toContain(`<nav class="site-nav" aria-label="${frameIn.navLabel[locale]}">`);
    const [getStarted, contact] = frameIn.getStarted[locale];
    expect(response.text).toContain(`href="${contact}">${getStarted}</a>`);
    expect(response.text).toContain(catalogues[locale].site.tagline);
  });

  it('names its twin and itself in hreflang, with x-default, and the twin points back', async () => {
    const { text } = await request(app).get(page.path);
    const { en, es } = page.alternates;
    expect(hreflangAlternates(text)).toEqual({
      en: `${TEST_SITE_URL}${en}`,
      es: `${TEST_SITE_URL}${es}`,
      'x-default': `${TEST_SITE_URL}${en}`,
    });
    const back = await request(app).get(twin);
    expect(hreflangAlternates(back.text)).toEqual(hreflangAlternates(text));
    expect(back.text).toContain(`<meta property="og:locale" content="${localeTags[other].ogLocale}"/>`);
    expect(back.text).toContain(`<meta property="og:locale:alternate" content="${localeTags[locale].ogLocale}"/>`);
  });

  it('links its twin from the header and the menu, as a link with hreflang and lang', async () => {
    const { text } = await request(app).get(page.path);
    const link = `<a href="${twin}" hrefLang="${other}" lang="${other}" class="language-switch__link">${localeTags[other].name}</a>`;
    expect(text.split(link)).toHaveLength(3);
  });

  it('carries the organization JSON-LD in its language', async () => {
    const { text } = await request(app).get(page.path);
    const data = organizationJsonLd(text) as { description: string; makesOffer: { name: string; url: string }[] };
    expect(data.description).toBe(catalogues[locale].site.tagline);
    expect(data.makesOffer.map((offer) => offer.name)).toEqual(
      catalogues[locale].plans.plans.map((plan) => plan.title),
    );
    const [firstOffer, services] = frameIn.firstOffer[locale];
    expect(data.makesOffer[0]!.name).toBe(firstOffer);
    expect(data.makesOffer[0]!.url).toBe(`${TEST_SITE_URL}${services}`);
  });

  it("offers the blog feeds in its language, not the other's", async () => {
    const { text } = await request(app).get(page.path);
    const [feedTitle, blog] = frameIn.feeds[locale];
    expect(
      [...text.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"\/>/g)].map((match) =>
        match.slice(1),
      ),
    ).toEqual([
      ['application/rss+xml', `${feedTitle} (RSS)`, `${blog}/rss.xml`],
      ['application/atom+xml', `${feedTitle} (Atom)`, `${blog}/atom.xml`],
    ]);
  });

  it('is in the sitemap with its alternates both ways', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const { en, es } = page.alternates;
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}${en}"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}${es}"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}${en}"/>`;
    expect(text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(text).toMatch(
      new RegExp(
        `<url><loc>${TEST_SITE_URL}${page.path}</loc>(<lastmod>[^<]+</lastmod>)?${links.replace(/[?]/g, '\\?')}</url>`,
      ),
    );
  });

  it('links, in its main content, no page of the other language that has a twin in its own', async () => {
    const { text } = await request(app).get(page.path);
    const main = /<main[\s\S]*<\/main>/.exec(text)?.[0] ?? '';
    const otherPages = new Set(
      seedSitePages.filter((candidate) => candidate.locale === other).map((candidate) => candidate.path),
    );
    const hrefs = [...main.matchAll(/href="(\/[^"#?]*)/g)].map((match) => match[1]!);
    expect(hrefs.filter((href) => otherPages.has(href))).toEqual([]);
  });
});
