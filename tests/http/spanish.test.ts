import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import { createLeadStore } from '../../server/leads/store';
import { leadMessages } from '../../server/leads/messages';
import { sitePages } from '../../shared/routes';
import { TEST_SITE_URL, freshApps, hreflangAlternates, organizationJsonLd, testConfig } from '../support/helpers';

const freshApp = freshApps();
const app = freshApp();
const es = catalogues.es;


// Pages kept out of search (the newsletter's consent steps) have no canonical or hreflang: spanishNewsletter.test.ts covers them.
const spanishPages = sitePages.filter((page) => page.locale === 'es' && !page.noindex);

describe.each(spanishPages)('GET $path', (page) => {
  it('is a Spanish document: lang, title, canonical, og:locale and the Spanish words of the frame', async () => {
    const response = await request(app).get(page.path);
    expect(response.status).toBe(200);
    expect(response.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(response.text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${page.path}"/>`);
    expect(response.text).toContain('<meta property="og:locale" content="es_CO"/>');
    expect(response.text).toContain('<meta property="og:locale:alternate" content="en_US"/>');
    expect(response.text).toContain(`<a class="skip-link" href="#main">${es.layout.skipLink}</a>`);
    expect(response.text).toContain('<span>Menú</span>');
    expect(response.text).toMatch(/<nav class="site-nav" aria-label="Principal">/);
    expect(response.text).toContain('href="/es/contacto">Empecemos</a>');
    expect(response.text).toContain(es.site.tagline);
  });

  it('names its English page and itself in hreflang, with x-default, and the English page points back', async () => {
    const { text } = await request(app).get(page.path);
    const english = page.alternates.en!;
    expect(hreflangAlternates(text)).toEqual({ en: `${TEST_SITE_URL}${english}`, es: `${TEST_SITE_URL}${page.path}`, 'x-default': `${TEST_SITE_URL}${english}` });
    const back = await request(app).get(english);
    expect(hreflangAlternates(back.text)).toEqual(hreflangAlternates(text));
    expect(back.text).toContain('<meta property="og:locale" content="en_US"/>');
    expect(back.text).toContain('<meta property="og:locale:alternate" content="es_CO"/>');
  });

  it('links the same page in English from the header and the menu, as a link with hreflang and lang', async () => {
    const { text } = await request(app).get(page.path);
    expect(text.match(new RegExp(`<a href="${page.alternates.en}" hrefLang="en" lang="en" class="language-switch__link">English</a>`, 'g'))).toHaveLength(2);
  });

  it('carries the organization JSON-LD in Spanish', async () => {
    const { text } = await request(app).get(page.path);
    const data = organizationJsonLd(text) as { description: string; makesOffer: { name: string; url: string }[] };
    expect(data.description).toBe(es.site.tagline);
    expect(data.makesOffer[0]!.name).toBe('Suscripción web');
    expect(data.makesOffer[0]!.url).toBe(`${TEST_SITE_URL}/es/servicios`);
  });

  it('offers the Spanish blog feeds, not the English ones', async () => {
    const { text } = await request(app).get(page.path);
    expect([...text.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"\/>/g)].map((match) => match.slice(1))).toEqual([
      ['application/rss+xml', 'Blog de Meridian Lab (RSS)', '/es/blog/rss.xml'],
      ['application/atom+xml', 'Blog de Meridian Lab (Atom)', '/es/blog/atom.xml'],
    ]);
  });
});

describe('Spanish pages', () => {
  it('shows the home page in Spanish, prices in CAD with Colombian separators', async () => {
    const { text } = await request(app).get('/es');
    expect(text).toContain('Transformamos experiencias');
    expect(text).toContain('Sobre Meridian Lab');
    expect(text).toContain('<span class="home-plan__amount">$\u00a01.000</span> <span class="home-plan__currency">CAD</span> <span class="home-plan__note">al mes</span>');
    expect(text).toMatch(/class="nav-link is-active" aria-current="page" href="\/es"/);
  });

  it('answers an unknown path under /es with the Spanish not-found page and a 404', async () => {
    const response = await request(app).get('/es/no-existe');
    expect(response.status).toBe(404);
    expect(response.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(response.text).toContain('<h1 id="page-title">Página no encontrada</h1>');
    expect(response.text).toMatch(/href="\/es"[^>]*>Volver al inicio<\/a>/);
    expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it('leaves a page without a twin in the other language (an unknown path\'s 404) without hreflang or a switch', async () => {
    const { text } = await request(app).get('/no-such-page');
    expect(hreflangAlternates(text)).toEqual({});
    expect(text).not.toContain('class="language-switch__link"');
  });

  it('lists both languages of each translated page in the sitemap, each with its alternates', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}/contact"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}/es/contacto"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}/contact"/>`;
    expect(text).toContain(`<url><loc>${TEST_SITE_URL}/contact</loc>${links}</url>`);
    expect(text).toContain(`<url><loc>${TEST_SITE_URL}/es/contacto</loc>${links}</url>`);
    expect(text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe('the Spanish contact form', () => {
  const valid = { name: 'Ana Gómez', email: 'ana@example.com', company: '', phone: '', service: 'marketing-ads', message: 'Necesitamos pauta.' };
  const postForm = (target: ReturnType<typeof freshApp>, fields: Record<string, string>) =>
    request(target).post('/api/contact?locale=es').type('form').send(new URLSearchParams(fields).toString());

  it('posts to the endpoint with its language in the URL', async () => {
    const { text } = await request(app).get('/es/contacto');
    expect(text).toContain('action="/api/contact?locale=es"');
  });

  it('without JavaScript, sends the visitor back to the Spanish page and stores the lead as Spanish', async () => {
    const target = freshApp();
    const response = await postForm(target, valid);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/es/contacto?sent=1#contact-form');
    const [lead] = await createLeadStore(target.db).all();
    expect(lead).toMatchObject({ name: 'Ana Gómez', locale: 'es' });
    const [notification] = leadMessages(testConfig().mail, TEST_SITE_URL)(lead!);
    expect(notification?.kind === 'lead-notification' && notification.mail.text).toContain('Language: Spanish');
  });

  it('shows the Spanish page again with Spanish errors and everything typed', async () => {
    const response = await postForm(freshApp(), { ...valid, email: 'no-es-correo', message: 'Hola, necesitamos ayuda con nuestro sitio.' });
    expect(response.status).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(response.text).toContain(es.contact.fieldErrors.invalidEmail);
    expect(response.text).toContain(es.contact.failureMessage({ kind: 'invalid' }));
    expect(response.text).toContain('value="no-es-correo"');
    expect(response.text).toContain('Hola, necesitamos ayuda con nuestro sitio.');
  });

  it('answers the enhanced form in Spanish too', async () => {
    const response = await request(freshApp()).post('/api/contact?locale=es').set('Content-Type', 'application/json').send(JSON.stringify({ name: '' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ name: 'Escriba su nombre completo.', message: 'Escriba un mensaje.' });
  });

  it('refuses a post from another site with a small Spanish page that leads back to the Spanish form', async () => {
    const response = await postForm(freshApp(), valid).set('Origin', 'https://elsewhere.example');
    expect(response.status).toBe(403);
    expect(response.text).toContain('<html lang="es">');
    expect(response.text).toContain('No se envió nada');
    expect(response.text).toContain('Los formularios solo se pueden enviar desde este sitio.');
    expect(response.text).toContain('href="/es/contacto#contact-form"');
  });

  it('words the rate limit in Spanish, with the seconds to wait', async () => {
    const target = freshApp();
    for (let i = 0; i < 5; i++) await postForm(target, { ...valid, email: '' });
    const response = await postForm(target, valid);
    expect(response.status).toBe(429);
    expect(response.text).toMatch(/Inténtelo de nuevo en \d+ segundos?, o escríbanos/);
  });
});
