import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import { posts as esPosts } from '../../shared/generated/posts.es';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, entryScript, executableInlineScripts, freshApps, hreflangAlternates, organizationJsonLd } from '../support/helpers';

const freshApp = freshApps();
const app = freshApp();
const es = catalogues.es;

const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
const meta = (html: string, key: string) => new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('GET /es/blog', () => {
  it('is the Spanish blog: lang, head, hero, featured post, cards, categories, recent posts and the sign-up in Spanish', async () => {
    const { status, text } = await request(app).get('/es/blog');
    expect(status).toBe(200);
    expect(text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(text).toContain(`<title>${es.blog.head.title}</title>`);
    expect(text).toContain('<h1 id="page-title" class="page-hero__title">Nuestro blog</h1>');
    const body = main(text);
    expect(body).toContain('aria-label="Categorías del blog"');
    expect(body).toContain('Destacado</span>');
    expect(body).toContain('>Últimos artículos</h2>');
    expect(body).toContain('<p class="blog-posts__summary" aria-live="polite">5 publicaciones</p>');
    expect(body).toContain('<span class="visually-hidden"> (6 publicaciones)</span>');
    expect(body).toContain('<span class="visually-hidden"> (1 publicación)</span>');
    expect(body).toContain('>Publicaciones recientes</h2>');
    expect(body).toContain('>Manténgase al día</h2>');
    expect(body).toContain('<form class="blog-newsletter__form" action="/api/subscribe?locale=es" method="post">');
    expect(body).toContain('placeholder="usted@empresa.com"');
    expect(body).toContain('<time dateTime="2024-03-08">8 de marzo de 2024</time>');
    // Every Spanish post, in its Spanish title and linking to its Spanish article; no English words of the page.
    for (const post of esPosts) {
      expect(body).toContain(`href="/es/blog/${post.slug}"`);
      expect(body).toContain(post.title);
    }
    const articleLinks = [...body.matchAll(/href="([^"]*\/blog\/[^"]+)"/g)].map((match) => match[1]!);
    expect(articleLinks.filter((href) => !href.startsWith('/es/blog/'))).toEqual([]);
    for (const english of ['Our Blog', 'Featured', 'Latest Articles', 'Recent Posts', 'Stay Updated', 'Subscribe', 'min read', ' posts', 'All Posts', 'Load More'])
      expect(body).not.toContain(english);
    expect(executableInlineScripts(text)).toEqual([entryScript()]);
  });

  it('filters by the same query as the English blog, with Spanish links and a Spanish summary', async () => {
    const { status, text } = await request(app).get('/es/blog?category=technology');
    expect(status).toBe(200);
    const body = main(text);
    expect(body).toMatch(/<a class="blog-filter__pill" aria-current="true" href="\/es\/blog\?category=technology"[^>]*>Tecnología<\/a>/);
    expect(body).toContain('<p class="blog-posts__summary" aria-live="polite">2 publicaciones en Tecnología</p>');
    expect(body).toContain('<input type="hidden" name="category" value="technology"/>');
    const empty = main((await request(app).get('/es/blog?category=research')).text);
    expect(empty).toContain('Aún no hay más publicaciones en Investigación');
    expect(empty).toContain('lo más reciente que tenemos sobre investigación;');
    expect(empty).toMatch(/<a class="button button--secondary" href="\/es\/blog"[^>]*>Ver todas las publicaciones<\/a>/);
    // An unknown category is all of them, as in English.
    expect(main((await request(app).get('/es/blog?category=nada')).text)).toContain('aria-live="polite">5 publicaciones</p>');
  });

  it('names the English blog and itself in hreflang with x-default, and the English blog points back', async () => {
    const { text } = await request(app).get('/es/blog');
    const expected = { en: `${TEST_SITE_URL}/blog`, es: `${TEST_SITE_URL}/es/blog`, 'x-default': `${TEST_SITE_URL}/blog` };
    expect(hreflangAlternates(text)).toEqual(expected);
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/es/blog"/>`);
    expect(meta(text, 'og:locale')).toBe('es_CO');
    expect(meta(text, 'og:locale:alternate')).toBe('en_US');
    expect(text.match(/<a href="\/blog" hrefLang="en" lang="en" class="language-switch__link">English<\/a>/g)).toHaveLength(2);
    const english = await request(app).get('/blog');
    expect(hreflangAlternates(english.text)).toEqual(expected);
    expect(english.text).toMatch(/<a href="\/es\/blog" hrefLang="es" lang="es" class="language-switch__link">Español<\/a>/);
    expect(main(english.text)).toContain('<h1 id="page-title" class="page-hero__title">Our Blog</h1>');
    expect(main(english.text)).toContain('aria-live="polite">5 posts</p>');
  });

  it('carries the organization JSON-LD in Spanish', async () => {
    const { text } = await request(app).get('/es/blog');
    expect(organizationJsonLd(text)?.description).toBe(es.site.tagline);
  });

  it('is in the sitemap with its alternates both ways', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}/blog"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}/es/blog"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}/blog"/>`;
    expect(text).toMatch(new RegExp(`<url><loc>${TEST_SITE_URL}/es/blog</loc>(<lastmod>[^<]+</lastmod>)?${links.replace(/[?]/g, '\\?')}</url>`));
    expect(text).toMatch(new RegExp(`<url><loc>${TEST_SITE_URL}/blog</loc>(<lastmod>[^<]+</lastmod>)?${links.replace(/[?]/g, '\\?')}</url>`));
  });
});

describe('the Spanish sign-up', () => {
  const postForm = (target: TestApp, query: string, fields: Record<string, string>) =>
    request(target).post(`/api/subscribe${query}`).type('form').set('Accept', 'text/html').send(new URLSearchParams(fields).toString());

  it('returns a plain form post to the Spanish blog, in its category, with the outcome shown in Spanish', async () => {
    const own = freshApp();
    const sent = await postForm(own, '?locale=es', { email: 'lectora@example.com', category: 'tutorials' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/es/blog?category=tutorials&subscribe=pending#newsletter');
    const invalid = await postForm(own, '?locale=es', { email: 'no es un correo', category: 'all' });
    expect(invalid.headers.location).toBe('/es/blog?subscribe=invalid#newsletter');
    const shown = main((await request(own).get('/es/blog?subscribe=invalid')).text);
    expect(shown).toContain(es.blog.newsletter.messages.invalid);
    expect(main((await request(own).get('/es/blog?category=tutorials&subscribe=pending')).text)).toContain('durante 7 días');
    // The English form still comes back to the English blog.
    expect((await postForm(own, '', { email: 'reader@example.com', category: 'all' })).headers.location).toBe('/blog?subscribe=pending#newsletter');
  });

  it('refuses too many Spanish sign-ups in Spanish, back to the Spanish blog', async () => {
    const own = freshApp();
    // Five a minute are taken; the sixth is refused before its body is read.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await postForm(own, '?locale=es', { email: 'a@example.com' })).headers.location).toContain('pending');
    const last = await postForm(own, '?locale=es', { email: 'a@example.com' });
    expect(last.headers.location).toBe('/es/blog?subscribe=limited#newsletter');
    const json = await request(own).post('/api/subscribe?locale=es').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'a@example.com' }));
    expect(json.status).toBe(429);
    expect(json.body.error).toBe(es.blog.newsletter.messages.limited);
  });
});
