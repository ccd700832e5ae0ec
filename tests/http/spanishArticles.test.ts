import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import { posts as esPosts } from '../../shared/generated/posts.es';
import { TEST_SITE_URL, entryScript, executableInlineScripts, hreflangAlternates, jsonLd, testApp } from '../support/helpers';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';

const { posts: blogPosts } = enPosts;

const app = testApp();
afterAll(() => app.db.close());
const es = catalogues.es;

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

const categories: Record<string, string> = Object.fromEntries(es.posts.categories.map(({ value, label }) => [value, label]));

describe.each(esPosts.map((post, index) => [post.slug, post, blogPosts[index]!] as const))('GET /es/blog/%s', (slug, post, english) => {
  const url = `/es/blog/${slug}`;

  it('is the Spanish article: title, author, date in Spanish, read time, category, body and the Spanish way around it', async () => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(200);
    expect(text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1]).toBe(post.title);
    expect(text).toContain(`<span class="blog-meta__author">${post.author}</span>`);
    const date = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${post.date}T00:00:00Z`));
    expect(date).toMatch(/^\d{1,2} de [a-z]+ de 2024$/);
    expect(text).toContain(`<time dateTime="${post.date}">${date}</time>`);
    expect(text).toMatch(/<span>\d min de lectura<\/span>/);
    expect(text).toMatch(new RegExp(`<a[^>]*href="/es/blog\\?category=${post.category}"[^>]*>${categories[post.category]}</a>`));
    expect(text).toMatch(/<div class="prose"><p>/);
    expect(text).toContain('Volver al blog');
    expect(text).toContain('aria-label="Más artículos"');
    expect(text).toContain('Artículos relacionados');
    expect(text).toContain('¿Tiene un proyecto en mente?');
    expect(text).toMatch(/<a class="button button--primary" href="\/es\/contacto"[^>]*>Empiece su proyecto/);
    // Its related cards and pager lead to Spanish articles only.
    const main = /<main[\s\S]*<\/main>/.exec(text)?.[0] ?? '';
    const articleLinks = [...main.matchAll(/href="([^"]*\/blog\/[^"]+)"/g)].map((match) => match[1]!);
    expect(articleLinks.length).toBeGreaterThanOrEqual(4);
    expect(articleLinks.filter((href) => !href.startsWith('/es/blog/'))).toEqual([]);
    // No English words of the article page.
    for (const english of ['Back to the blog', 'Related articles', 'min read', 'Have a project in mind?']) expect(text).not.toContain(english);
    expect(executableInlineScripts(text)).toEqual([entryScript()]);
  });

  it("sets the Spanish head: title, description, Open Graph article facts, canonical, og:locale, and hreflang both ways", async () => {
    const { text } = await request(app).get(url);
    expect(text).toContain(`<title>${post.title} | Meridian Lab</title>`);
    expect(post.excerpt.startsWith(meta(text, 'name', 'description')!.replace(/…$/, ''))).toBe(true);
    expect(meta(text, 'property', 'og:type')).toBe('article');
    expect(meta(text, 'property', 'article:section')).toBe(categories[post.category]);
    expect(meta(text, 'property', 'og:locale')).toBe('es_CO');
    expect(meta(text, 'property', 'og:locale:alternate')).toBe('en_US');
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${url}"/>`);
    const expected = { en: `${TEST_SITE_URL}/blog/${english.slug}`, es: `${TEST_SITE_URL}${url}`, 'x-default': `${TEST_SITE_URL}/blog/${english.slug}` };
    expect(hreflangAlternates(text)).toEqual(expected);
    const back = await request(app).get(`/blog/${english.slug}`);
    expect(hreflangAlternates(back.text)).toEqual(expected);
    expect(back.text).toMatch(new RegExp(`<a href="${url}" hrefLang="es" lang="es" class="language-switch__link">Español</a>`));
  });

  it('describes itself as a BlogPosting in Spanish, with a Spanish breadcrumb trail', async () => {
    const { text } = await request(app).get(url);
    const data = jsonLd(text);
    expect(data.find((item) => item['@type'] === 'BlogPosting')).toMatchObject({
      inLanguage: 'es',
      headline: post.title,
      description: post.excerpt,
      datePublished: english.date,
      author: { '@type': 'Person', name: english.author },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${TEST_SITE_URL}${url}` },
      url: `${TEST_SITE_URL}${url}`,
    });
    const trail = data.find((item) => item['@type'] === 'BreadcrumbList')?.itemListElement as { name: string; item: string }[];
    expect(trail.map(({ name }) => name)).toEqual(['Inicio', 'Blog', post.title]);
    expect(trail[0]!.item).toBe(`${TEST_SITE_URL}/es`);
    expect(trail[2]!.item).toBe(`${TEST_SITE_URL}${url}`);
  });
});

describe('an unknown Spanish article', () => {
  it.each(['/es/blog/no-existe', `/es/blog/${blogPosts[0]!.slug}`])('%s is the Spanish not-found page with 404', async (url) => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(404);
    expect(text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(text).toContain('<h1 id="page-title">Página no encontrada</h1>');
  });

  it('is no English article either: a Spanish slug under /blog is the English 404', async () => {
    const { status, text } = await request(app).get(`/blog/${esPosts[0]!.slug}`);
    expect(status).toBe(404);
    expect(text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
  });
});

describe.each([
  ['/es/privacidad', '/privacy', 'privacy'],
  ['/es/terminos', '/terms', 'terms'],
] as const)('GET %s', (url, englishUrl, name) => {
  const document = es.legal.documents[name];

  it('is the Spanish legal page: heading, text, date in Spanish, and head with hreflang both ways', async () => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(200);
    expect(text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1]).toBe(document.title);
    expect(text).toContain(`<title>${document.title} | Meridian Lab</title>`);
    expect(meta(text, 'name', 'description')).toBe(document.description);
    expect(text).toMatch(new RegExp(`Última actualización:(<!-- -->)? <time dateTime="${document.updated}">\\d{1,2} de noviembre de 2026</time>`));
    expect(text).toContain('Estados Unidos');
    expect(text).not.toContain('Last updated');
    expect(meta(text, 'property', 'og:locale')).toBe('es_CO');
    const expected = { en: `${TEST_SITE_URL}${englishUrl}`, es: `${TEST_SITE_URL}${url}`, 'x-default': `${TEST_SITE_URL}${englishUrl}` };
    expect(hreflangAlternates(text)).toEqual(expected);
    expect(hreflangAlternates((await request(app).get(englishUrl)).text)).toEqual(expected);
  });

  it('links only to Spanish pages of the site from its text', async () => {
    const { text } = await request(app).get(url);
    const prose = /<div class="prose">([\s\S]*?)<\/div>/.exec(text)?.[1] ?? '';
    const internal = [...prose.matchAll(/href="(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(internal.length).toBeGreaterThan(0);
    for (const href of internal) {
      expect(href).toMatch(/^\/es\//);
      const linked = await request(app).get(href);
      expect(linked.status, href).toBe(200);
      expect(linked.text.startsWith('<!DOCTYPE html><html lang="es">'), href).toBe(true);
    }
  });
});

describe('links to the Spanish legal pages', () => {
  it.each(['/es', '/es/contacto', `/es/blog/${esPosts[0]!.slug}`])('%s links both from its footer', async (url) => {
    const { text } = await request(app).get(url);
    const footer = /<footer[\s\S]*<\/footer>/.exec(text)?.[0] ?? '';
    expect(footer).toMatch(/<a href="\/es\/privacidad"[^>]*>Política de privacidad<\/a>/);
    expect(footer).toMatch(/<a href="\/es\/terminos"[^>]*>Términos del servicio<\/a>/);
  });

  it("link from the Spanish contact form's consent line", async () => {
    const { text } = await request(app).get('/es/contacto');
    expect(text).toMatch(/Lea nuestra(<!-- -->)? <a href="\/es\/privacidad"[^>]*>Política de privacidad<\/a>/);
  });
});

describe('the sitemap', () => {
  it('lists every Spanish article and legal page with its date and its alternates both ways', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const entries = [
      ...esPosts.map((post, index) => [`/es/blog/${post.slug}`, `/blog/${blogPosts[index]!.slug}`, post.date] as const),
      ['/es/privacidad', '/privacy', es.legal.documents.privacy.updated] as const,
      ['/es/terminos', '/terms', es.legal.documents.terms.updated] as const,
    ];
    for (const [spanish, english, lastmod] of entries) {
      const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}${english}"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}${spanish}"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}${english}"/>`;
      expect(text).toContain(`<url><loc>${TEST_SITE_URL}${spanish}</loc><lastmod>${lastmod}</lastmod>${links}</url>`);
      expect(text).toContain(`<url><loc>${TEST_SITE_URL}${english}</loc><lastmod>${lastmod}</lastmod>${links}</url>`);
    }
  });
});
