import { describe, expect, it, vi } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { addOnFacts } from '../../shared/content/addOnFacts';
import { currency, planFacts } from '../../shared/content/data';
import { localeOf, localePrefix, locales, localeTags, preferredLocale } from '../../shared/lib/locale';
import { countOf } from '../../shared/lib/plural';
import { localizePath, seedSitePages } from '../../shared/routes';

const { en, es } = catalogues;

/** Every key path of a catalogue ("contact.fieldErrors.missing.name"); arrays by index, functions as leaves. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('the language catalogues', () => {
  it('have the same keys in every language: a missing or extra translation is named', () => {
    const english = new Set(keyPaths(en));
    const spanish = new Set(keyPaths(es));
    expect(
      [...english].filter((key) => !spanish.has(key)),
      'missing in es',
    ).toEqual([]);
    expect(
      [...spanish].filter((key) => !english.has(key)),
      'missing in en',
    ).toEqual([]);
  });

  it('leave no Spanish text equal to its English one, but for names and addresses', () => {
    const same = keyPaths(en)
      .filter(
        (key) =>
          !/(\.|^)(id|to|href|src|type|email|phone|number|streetAddress|addressLocality|addressRegion|postalCode|addressCountry|value|autoComplete|width|height|letterDelay|image|price|popular|featured|author|date|category|updated|poster|slugs\.\w+)$/.test(
            key,
          ),
      )
      .filter((key) => {
        const read = (root: unknown) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], root);
        const english = read(en);
        return typeof english === 'string' && english.length > 3 && english === read(es);
      });
    // The brand, a channel's "24/7", the city that keeps its name and the same word in both languages.
    expect(
      same.filter(
        (key) =>
          !/^(notFound\.eyebrow|site\.offices\.0\.city|book\.choose\.offices\.miami|site\.areaServed\.0|(\w+\.)?head\.keywords\.\d|blog\.head\.title|blog\.hero\.eyebrow|navigation\.(mainNav|footerColumns\.1\.links)\.\d\.label|contactInfo\.responsePromises\.2\.time|legal\.eyebrow)$/.test(
            key,
          ),
      ),
    ).toEqual([]);
  });

  it('keep the data: prices, ids and addresses come from the English modules', () => {
    expect(es.plans.plans.map((plan) => [plan.id, plan.price])).toEqual(
      en.plans.plans.map((plan) => [plan.id, plan.price]),
    );
    expect(es.site.offices.map((office) => office.postalCode)).toEqual(
      en.site.offices.map((office) => office.postalCode),
    );
    expect(es.navigation.mainNav.map((item) => item.to)).toEqual(en.navigation.mainNav.map((item) => item.to));
  });

  it('show prices in CAD with the Colombian thousands separator', () => {
    expect(es.plans.formatPrice(1000)).toBe('$\u00a01.000');
    expect(es.plans.formatPrice(99)).toBe('$\u00a099');
    expect(en.plans.formatPrice(1000)).toBe('$1000');
    // Written out without Intl for speed, so checked against it: every price the pages show, and larger ones.
    const colombian = new Intl.NumberFormat(localeTags.es.intl, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    });
    for (const price of [...planFacts, ...addOnFacts].map((item) => item.price).concat(5, 12_500, 1_250_000)) {
      expect(es.plans.formatPrice(price)).toBe(colombian.format(price));
    }
    expect(es.home.services.priceNote).toContain('(CAD)');
  });

  it('name the currency beside every price a page description quotes: a search result shows it alone', () => {
    for (const catalogue of [en, es]) {
      const descriptions = keyPaths(catalogue)
        .filter((key) => key.endsWith('head.description'))
        .map((key) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue),
        )
        .filter((description): description is string => typeof description === 'string' && /\$\s?\d/.test(description));
      expect(descriptions.length).toBeGreaterThan(1);
      for (const description of descriptions) expect(description).toMatch(/\$\s?[\d.]+ CAD/);
    }
    expect(en.home.head.description).toContain('from $99 CAD a month');
  });
});

describe('plural and number rules', () => {
  it('picks the singular or plural form by CLDR rules', () => {
    expect(countOf('es-CO', 1, { one: 'publicación', other: 'publicaciones' })).toBe('1 publicación');
    expect(countOf('es-CO', 6, { one: 'publicación', other: 'publicaciones' })).toBe('6 publicaciones');
    expect(countOf('es-CO', 0, { one: 'segundo', other: 'segundos' })).toBe('0 segundos');
    expect(countOf('es-CO', 5000, { one: 'carácter', other: 'caracteres' })).toBe('5.000 caracteres');
  });

  it('writes the digits as Intl does in every language, with or without a number format', () => {
    for (const locale of locales) {
      const { intl } = localeTags[locale];
      const number = new Intl.NumberFormat(intl);
      for (const count of [0, 1, 2, 7, 21, 99, 100, 999, 1000, 1001, 5000, 12_345, 1_000_000]) {
        expect(countOf(intl, count, { one: 'x', other: 'x' })).toBe(`${number.format(count)} x`);
      }
    }
  });

  it('build no number format as the catalogues load: a page would pay for it as it starts', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      const fresh = await import('../../server/pages/catalogues');
      expect(fresh.catalogues.es.contact.fieldErrors.tooLong.name).toBe('Acorte su nombre a 200 caracteres o menos.');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('words the Spanish failures with them', () => {
    expect(es.contact.failureMessage({ kind: 'rateLimited', retryAfterSeconds: 1 })).toContain('en 1 segundo,');
    expect(es.contact.failureMessage({ kind: 'rateLimited', retryAfterSeconds: 30 })).toContain('en 30 segundos,');
    expect(es.contact.fieldErrors.tooLong.name).toBe('Acorte su nombre a 200 caracteres o menos.');
  });
});

describe('locales in URLs', () => {
  it('reads the language from the first path segment, or without one from the ?locale= a form action carries', () => {
    const cases: [url: string, locale: string][] = [
      ['/', 'en'],
      ['/contact', 'en'],
      ['/es', 'es'],
      ['/es/contacto', 'es'],
      ['/es/contacto?sent=1', 'es'],
      ['/estudio', 'en'],
      ['/en/contact', 'en'],
      ['/api/contact?locale=es', 'es'],
      ['/api/contact?locale=fr', 'en'],
      ['/api/contact', 'en'],
    ];
    for (const [url, locale] of cases) expect(localeOf(url), url).toBe(locale);
    expect(localePrefix('es')).toBe('/es');
    expect(localePrefix('en')).toBe('');
  });

  it("takes the browser's first preference the site speaks", () => {
    expect(preferredLocale(['es-CO', 'es', 'en'])).toBe('es');
    expect(preferredLocale(['fr-FR', 'en-US', 'es'])).toBe('en');
    expect(preferredLocale(['de-DE'])).toBeUndefined();
  });

  it('turns the content’s English paths into the page’s language, keeping a path that has no Spanish page (a feed, a file)', () => {
    expect(localizePath('/', 'es')).toBe('/es');
    expect(localizePath('/contact', 'es')).toBe('/es/contacto');
    expect(localizePath('/contact?sent=1#contact-form', 'es')).toBe('/es/contacto?sent=1#contact-form');
    expect(localizePath('/contact', 'en')).toBe('/contact');
    expect(seedSitePages.filter((page) => page.locale === 'en' && page.alternates.es === undefined)).toEqual([]);
    expect(localizePath('/blog/feed.xml', 'es')).toBe('/blog/feed.xml');
  });

  it('gives every translated page its path in both languages, each pointing back', () => {
    for (const page of seedSitePages) {
      for (const [locale, path] of Object.entries(page.alternates)) {
        const other = seedSitePages.find((candidate) => candidate.path === path);
        expect(other?.locale, path).toBe(locale);
        expect(other?.alternates, path).toEqual(page.alternates);
      }
    }
    expect(
      seedSitePages.filter((page) => page.locale === 'es' && page.chunk !== 'Article').map((page) => page.path),
    ).toEqual([
      '/es',
      '/es/servicios',
      '/es/investigacion',
      '/es/blog',
      '/es/contacto',
      '/es/reservar',
      '/es/boletin/confirmar',
      '/es/boletin/cancelar',
      '/es/privacidad',
      '/es/terminos',
    ]);
  });
});
