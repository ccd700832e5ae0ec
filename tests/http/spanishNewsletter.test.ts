import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, executableInlineScripts, testApp } from '../support/helpers';
import type { MailServer } from '../support/mailServer';
import { linkIn, mailingApp } from '../support/mailingApp';
import { header, rawHeader } from '../support/mailServer';

const confirmEs = catalogues.es.newsletterConfirm;
const unsubscribeEs = catalogues.es.newsletterUnsubscribe;
const CONFIRMAR = '/es/boletin/confirmar';
const CANCELAR = '/es/boletin/cancelar';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const signUpInSpanish = (app: TestApp, email: string) =>
  request(app).post('/api/subscribe?locale=es').set('Content-Type', 'application/json').send(JSON.stringify({ email }));
const subscriber = (app: TestApp) =>
  app.db.connection.prepare('SELECT confirmed_at, unsubscribed_at FROM subscribers').get() as Record<string, string | null>;
const escaped = (text: string) => text.replace(/'/g, '&#x27;');

/** A Spanish sign-up's confirmation e-mail, through real SMTP, and its two links as site paths. */
async function spanishMail(app: TestApp, smtp: MailServer, email: string) {
  expect((await signUpInSpanish(app, email)).status).toBe(202);
  const [mail] = await smtp.waitFor(1);
  const confirmUrl = linkIn(mail!.parsed.text!, CONFIRMAR);
  const unsubscribeUrl = linkIn(mail!.parsed.text!, CANCELAR);
  expect(confirmUrl).toBeDefined();
  expect(unsubscribeUrl).toBeDefined();
  const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
  return { mail: mail!, confirmUrl: confirmUrl!, unsubscribeUrl: unsubscribeUrl!, confirmPath: pathOf(confirmUrl!), unsubscribePath: pathOf(unsubscribeUrl!) };
}

describe('the Spanish newsletter e-mail and pages', { timeout: 30_000 }, () => {
  it('links a Spanish sign-up\'s e-mail and its List-Unsubscribe header to the Spanish pages, never the English ones', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const { mail, unsubscribeUrl } = await spanishMail(app, smtp, 'lectora@example.com');
    expect(header(mail, 'subject')).toBe('Confirme su suscripción a los artículos de Meridian Lab');
    expect(rawHeader(mail, 'list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.text).not.toContain('/newsletter/');
  });

  it('shows the Spanish confirm button for the link, never cached, and confirms on the POST with a Spanish outcome', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const { confirmPath } = await spanishMail(app, smtp, 'confirma@example.com');
    const token = new URLSearchParams(confirmPath.split('?')[1]).get('token')!;

    const page = await request(app).get(confirmPath);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(page.text).toContain(`<h1 id="page-title" class="newsletter-step__title">${confirmEs.ask.title}</h1>`);
    expect(page.text).toContain(`<form class="newsletter-step__form" action="${CONFIRMAR}" method="post"><input type="hidden" name="token" value="${token}"/>`);
    expect(page.text).toContain(`>${confirmEs.ask.button}</button>`);
    expect(page.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(executableInlineScripts(page.text)).toEqual([]);
    expect(subscriber(app).confirmed_at).toBeNull();

    const plain = await request(app).get(CONFIRMAR);
    expect(plain.text).not.toContain(token);
    expect(plain.text).toContain(confirmEs.missing.text);

    const confirmed = await request(app).post(CONFIRMAR).type('form').set('Accept', 'text/html').send(`token=${token}`);
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, `${CONFIRMAR}?result=confirmed`]);
    expect(subscriber(app).confirmed_at).toEqual(expect.any(String));
    const outcome = await request(app).get(confirmed.headers.location!);
    expect(outcome.text).toContain(`<html lang="es">`);
    expect(outcome.text).toContain(escaped(confirmEs.outcomes.confirmed.title));
    expect(outcome.text).toContain(escaped(confirmEs.outcomes.confirmed.text));

    const again = await request(app).post(CONFIRMAR).type('form').set('Accept', 'text/html').send(`token=${token}`);
    expect(again.headers.location).toBe(`${CONFIRMAR}?result=invalid`);
    expect((await request(app).get(again.headers.location!)).text).toContain(escaped(confirmEs.outcomes.invalid.text));
    const json = await request(app).post(CONFIRMAR).set('Content-Type', 'application/json').send(JSON.stringify({ token }));
    expect([json.status, json.body]).toEqual([400, { result: 'invalid' }]);
  });

  it('unsubscribes from the Spanish page\'s button and from a mail client\'s RFC 8058 one-click POST to the Spanish link', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const { unsubscribePath } = await spanishMail(app, smtp, 'se-va@example.com');

    const page = await request(app).get(unsubscribePath);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(page.text).toContain(unsubscribeEs.ask.title);
    expect(page.text).toContain(`action="${unsubscribePath}"`);
    expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect(subscriber(app).unsubscribed_at).toBeNull();

    const oneClick = await request(app).post(unsubscribePath).field('List-Unsubscribe', 'One-Click');
    expect([oneClick.status, oneClick.body]).toEqual([200, { result: 'unsubscribed' }]);
    expect(subscriber(app).unsubscribed_at).toEqual(expect.any(String));

    const button = await request(app).post(unsubscribePath).type('form').set('Accept', 'text/html').send('List-Unsubscribe=One-Click');
    expect([button.status, button.headers.location]).toEqual([303, `${CANCELAR}?result=unsubscribed`]);
    const outcome = await request(app).get(button.headers.location!);
    expect(outcome.text).toContain(escaped(unsubscribeEs.outcomes.unsubscribed.title));

    const unsigned = await request(app).post(`${CANCELAR}?token=1.${'A'.repeat(43)}`).type('form').set('Accept', 'text/html').send('List-Unsubscribe=One-Click');
    expect(unsigned.headers.location).toBe(`${CANCELAR}?result=invalid`);
    expect((await request(app).get(unsigned.headers.location!)).text).toContain(unsubscribeEs.outcomes.invalid.text);
  });

  it('sends a malformed token to the Spanish "no longer works" page', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const odd = await request(app).get(`${CONFIRMAR}?token=%3Cscript%3E`);
    expect([odd.status, odd.headers.location]).toEqual([303, `${CONFIRMAR}?result=invalid`]);
    const oddOut = await request(app).get(`${CANCELAR}?token=%3Cscript%3E`);
    expect([oddOut.status, oddOut.headers.location]).toEqual([303, `${CANCELAR}?result=invalid`]);
  });

  it('refuses in Spanish: a cross-site post, an unknown media type, too many posts', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const cross = await request(app).post(CONFIRMAR).type('form').set('Origin', 'https://elsewhere.example').send('token=abc');
    expect(cross.status).toBe(403);
    expect(cross.text).toContain('<html lang="es">');
    expect(cross.text).toContain('Los formularios solo se pueden enviar desde este sitio.');
    expect(cross.text).toContain(`href="${CONFIRMAR}"`);

    const json = await request(app).post(CANCELAR).set('Origin', 'https://elsewhere.example').set('Content-Type', 'application/json').send('{}');
    expect([json.status, json.body]).toEqual([403, { error: 'Los formularios solo se pueden enviar desde este sitio.' }]);

    const media = await request(app).post(CONFIRMAR).set('Content-Type', 'text/csv').send('token=abc');
    expect(media.status).toBe(415);
    expect(media.body.error).not.toMatch(/Send the form/);

    let limited;
    for (let i = 0; i < 11; i++) limited = await request(app).post(CONFIRMAR).type('form').set('Accept', 'text/html').send('token=abc');
    expect(limited!.status).toBe(429);
    expect(limited!.text).toMatch(/Inténtelo de nuevo en \d+ segundos?/);
  });

  it('keeps the English pages, links and texts for an English sign-up', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    await request(app).post('/api/subscribe').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'reader@example.com' }));
    const [mail] = await smtp.waitFor(1);
    expect(linkIn(mail!.parsed.text!, '/newsletter/confirm')).toBeDefined();
    expect(rawHeader(mail!, 'list-unsubscribe')).toMatch(new RegExp(`^<${TEST_SITE_URL}/newsletter/unsubscribe\\?token=`));
    expect(mail!.parsed.text).not.toContain('/es/');
  });

  it.each([
    ['/newsletter/confirm', CONFIRMAR, confirmEs.head.title],
    ['/newsletter/unsubscribe', CANCELAR, unsubscribeEs.head.title],
  ])('serves %s in Spanish at %s: lang, og:locale, Spanish JSON-LD, the switch to its twin, out of search and the sitemap', async (english, spanish, title) => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const response = await request(app).get(spanish);
    expect(response.status).toBe(200);
    const { text } = response;
    expect(text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(text).toContain(`<title>${title}</title>`);
    expect(text).toContain('<meta property="og:locale" content="es_CO"/>');
    expect(text).toContain(`<meta property="og:url" content="${TEST_SITE_URL}${spanish}"/>`);
    const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? 'null');
    expect(data.description).toBe(catalogues.es.site.tagline);
    expect(text.match(new RegExp(`<a href="${english}" hrefLang="en" lang="en" class="language-switch__link">English</a>`, 'g'))).toHaveLength(2);
    expect((await request(app).get(english)).text).toMatch(new RegExp(`<a href="${spanish}" hrefLang="es" lang="es" class="language-switch__link">`));
    // A consent step is no page to list: noindex, so no canonical or hreflang, in either language.
    expect(text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(text).not.toContain('rel="canonical"');
    expect(text).not.toContain('hrefLang="x-default"');
    const sitemap = (await request(app).get('/sitemap.xml')).text;
    expect(sitemap).not.toContain(spanish);
    expect(sitemap).not.toContain(english);
  });
});
