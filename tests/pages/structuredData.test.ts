import { describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { siteFacts } from '../../shared/content/data';
import { buildOrganizationJsonLd, serializeJsonForHtml } from '../../shared/model/structuredData';
import { localizePath } from '../../shared/routes';

const { en, es } = catalogues;
const { plans } = en.plans;
const { offices } = en.site;

describe('organization structured data', () => {
  const data = buildOrganizationJsonLd('https://meridianlab.test', en, (to) => localizePath(to, 'en'));

  it('is written in the language of the page it is on, and links to the pages in that language', () => {
    const spanish = buildOrganizationJsonLd('https://meridianlab.test', es, (to) => localizePath(to, 'es'));
    expect(spanish['@id']).toBe(data['@id']);
    expect(spanish.url).toBe('https://meridianlab.test/es');
    expect(new Set(spanish.makesOffer.map((offer) => offer.url))).toEqual(
      new Set(['https://meridianlab.test/es/servicios']),
    );
    expect(new Set(data.makesOffer.map((offer) => offer.url))).toEqual(new Set(['https://meridianlab.test/services']));
    expect(spanish.description).toBe(es.site.tagline);
    expect(spanish.makesOffer.map((offer) => offer.name)).toEqual(es.plans.plans.map((plan) => plan.title));
    expect(spanish.address.map((address) => address.name)).toContain('Estudio en Bogotá');
    expect(spanish.areaServed.map((place) => place.name)).toEqual([
      'Miami',
      'Bogotá',
      'Nueva York',
      'Norteamérica',
      'Suramérica',
    ]);
    expect(spanish.makesOffer.map((offer) => offer.price)).toEqual(data.makesOffer.map((offer) => offer.price));
  });

  it('is a ProfessionalService with absolute URLs on the site origin', () => {
    expect(data['@type']).toBe('ProfessionalService');
    expect(data.name).toBe(siteFacts.name);
    expect(data.url).toBe('https://meridianlab.test/');
    expect(data.logo).toBe('https://meridianlab.test/icons/icon-512.png');
  });

  it('serves Miami, Bogota, New York, North America and South America', () => {
    expect(data.areaServed.map((place) => place.name)).toEqual([
      'Miami',
      'Bogota',
      'New York',
      'North America',
      'South America',
    ]);
  });

  it('offers the four plans at the prices of the plan data, in CAD', () => {
    expect(data.makesOffer.map((offer) => [offer.name, Number(offer.price), offer.priceCurrency])).toEqual([
      ['Web Subscription', 99, 'CAD'],
      ['AI Voice Systems', 99, 'CAD'],
      ['Marketing with Ads', 299, 'CAD'],
      ['All-in-One Package', 1000, 'CAD'],
    ]);
    expect(data.makesOffer.map((offer) => offer.name)).toEqual(plans.map((plan) => plan.title));
  });

  it('states the opening hours of the spec (Mon-Fri 9:00 AM - 6:00 PM)', () => {
    expect(en.contactInfo.hours.value).toBe('Mon-Fri 9:00 AM - 6:00 PM EST');
    expect(data.openingHoursSpecification).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
      opens: '09:00',
      closes: '18:00',
    });
  });

  it('gives an address for each office and a contact point', () => {
    expect(data.address.map((address) => address.addressLocality)).toEqual(
      offices.map((office) => office.addressLocality),
    );
    expect(data.contactPoint[0]).toMatchObject({ '@type': 'ContactPoint', email: siteFacts.email });
  });

  it('serializes without any "<" that could close the script element', () => {
    const json = serializeJsonForHtml({ text: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});
