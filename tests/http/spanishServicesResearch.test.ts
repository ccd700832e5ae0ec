import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import { TEST_SITE_URL, entryScript, executableInlineScripts, hreflangAlternates, organizationJsonLd, testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());
const { en, es } = catalogues;

const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
/** The visible text of some HTML, tags dropped and entities of the apostrophe and ampersand read. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/[ \t\n]+/g, ' ');

const twins = [
  { english: '/services', spanish: '/es/servicios' },
  { english: '/research', spanish: '/es/investigacion' },
] as const;

describe.each(twins)('$spanish', ({ english, spanish }) => {
  it('is the Spanish twin of its English page: 200, lang, canonical, og:locale and hreflang both ways', async () => {
    const response = await request(app).get(spanish);
    expect(response.status).toBe(200);
    expect(response.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(response.text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${spanish}"/>`);
    expect(response.text).toContain('<meta property="og:locale" content="es_CO"/>');
    const expected = { en: `${TEST_SITE_URL}${english}`, es: `${TEST_SITE_URL}${spanish}`, 'x-default': `${TEST_SITE_URL}${english}` };
    expect(hreflangAlternates(response.text)).toEqual(expected);
    const back = await request(app).get(english);
    expect(hreflangAlternates(back.text)).toEqual(expected);
    expect(back.text).toContain(`<a href="${spanish}" hrefLang="es" lang="es" class="language-switch__link">Español</a>`);
    expect(executableInlineScripts(response.text)).toEqual([entryScript()]);
  });

  it('describes the lab in Spanish in its JSON-LD', async () => {
    const { text } = await request(app).get(spanish);
    const organization = organizationJsonLd(text);
    expect(organization).toMatchObject({ description: es.site.tagline });
    expect((organization?.makesOffer as { name: string }[]).map((offer) => offer.name)).toEqual(es.plans.plans.map((plan) => plan.title));
  });

  it('is in the sitemap with its alternates', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}${english}"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}${spanish}"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}${english}"/>`;
    expect(text).toContain(`<url><loc>${TEST_SITE_URL}${spanish}</loc>${links}</url>`);
    expect(text).toContain(`<url><loc>${TEST_SITE_URL}${english}</loc>${links}</url>`);
  });

  it('links the contact page in Spanish and never an English page that has a Spanish twin', async () => {
    const body = main((await request(app).get(spanish)).text);
    expect(body).toContain('href="/es/contacto"');
    const hrefs = [...body.matchAll(/href="(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.filter((href) => ['/contact', '/services', '/research', '/'].includes(href))).toEqual([]);
  });
});

describe('the Spanish services page', () => {
  it('shows every plan, feature, add-on, step and technology role in Spanish, prices in CAD as Colombia writes them', async () => {
    const body = main((await request(app).get('/es/servicios')).text);
    const text = textOf(body);
    const services = es.services;
    for (const words of [services.hero.title, services.hero.intro, services.plans.title, services.addOns.title, services.process.title, services.technologies.title, services.cta.title, services.cta.hours])
      expect(text).toContain(words);
    for (const plan of es.plans.plans) {
      expect(text).toContain(plan.title);
      for (const feature of services.plans.features[plan.id]) expect(text).toContain(feature);
    }
    expect(body).toContain('<span class="services-plan__amount">$\u00a01.000</span>');
    expect(body).toContain('<span class="services-plan__currency">CAD</span> <span class="services-plan__note">al mes</span>');
    expect(body).toContain(`aria-label="Qué incluye ${es.plans.plans[0]!.title}"`);
    expect(text).toContain(`${services.plans.badges.featured}`);
    for (const addOn of services.addOns.items) expect(text).toContain(`${es.plans.formatPrice(addOn.price)} al mes ${addOn.name} ${addOn.description}`);
    for (const step of services.process.steps) expect(text).toContain(`${step.title} ${step.description}`);
    for (const role of Object.values(services.technologies.roles)) expect(text).toContain(role);
    expect(body).toContain('<a href="#plans" class="button button--primary">Compare los planes</a>');
    // Prices stay the English page's, in the same currency.
    expect(services.addOns.items.map((addOn) => [addOn.id, addOn.price])).toEqual(en.services.addOns.items.map((addOn) => [addOn.id, addOn.price]));
    for (const english of ['per month', 'Get Started', 'Optional add-ons', 'Our process', 'Technologies we use', 'Best Value', 'Most Popular', 'Call Us Now', 'Included in'])
      expect(body).not.toContain(english);
  });
});

describe('the Spanish research page', () => {
  it('shows its areas, figures, partnerships and calls in Spanish, and the publications in the English they were published in', async () => {
    const body = main((await request(app).get('/es/investigacion')).text);
    const text = textOf(body);
    const research = es.research;
    for (const words of [research.hero.title, research.areas.title, research.impact.title, research.publications.title, research.partnerships.title, research.cta.title])
      expect(text).toContain(words);
    for (const area of research.areas.items) {
      expect(text).toContain(`${research.areas.statusLabel}${area.status}`);
      for (const highlight of area.highlights) expect(text).toContain(highlight);
      expect(text).toContain(`${research.areas.learnMore} ${research.areas.learnMoreAbout(area.title).trim()}`);
    }
    for (const figure of research.impact.figures) expect(text).toContain(`${figure.value} ${figure.label}`);
    for (const partner of research.partnerships.items) expect(text).toContain(`${partner.title} ${partner.description}`);
    for (const impact of Object.values(research.publications.impacts)) expect(text).toContain(impact);
    expect(body).toMatch(/<h3 class="research-publication__title" lang="en">Machine Learning Models/);
    expect(body).toContain('<cite lang="en">Journal of Computational Drug Discovery</cite>');
    for (const english of ['Focus areas', 'Learn More', 'Status:', 'Active Research', 'Partnership opportunities', 'High Impact', 'Start Collaboration'])
      expect(body).not.toContain(english);
  });

  it('leaves the English publications unmarked on the English page', async () => {
    const { text } = await request(app).get('/research');
    expect(text).toContain('<h3 class="research-publication__title">Machine Learning Models');
    expect(text).toContain('<cite>Journal of Computational Drug Discovery</cite>');
  });
});
