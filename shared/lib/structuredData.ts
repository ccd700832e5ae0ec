import { currency, plans } from '../content/plans';
import { offices, site } from '../content/site';
import { absoluteUrl } from './runtime';

/** schema.org ProfessionalService for the lab: offices, contact point, areas served and the four plans as offers. */
export function buildOrganizationJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: site.name,
    description: site.tagline,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, site.logo),
    image: absoluteUrl(siteUrl, site.ogImage),
    email: site.email,
    telephone: site.phone,
    priceRange: `${plans.map((p) => p.price).reduce((a, b) => Math.min(a, b))}-${plans
      .map((p) => p.price)
      .reduce((a, b) => Math.max(a, b))} ${currency}`,
    areaServed: site.areaServed.map((name) => ({ '@type': 'Place', name })),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: site.openingHours.days.map((day) => `https://schema.org/${day}`),
      opens: site.openingHours.opens,
      closes: site.openingHours.closes,
    },
    address: offices.map((office) => ({
      '@type': 'PostalAddress',
      name: office.name,
      streetAddress: office.streetAddress,
      addressLocality: office.addressLocality,
      addressRegion: office.addressRegion,
      postalCode: office.postalCode,
      addressCountry: office.addressCountry,
    })),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: site.email,
        telephone: site.phone,
        areaServed: ['US', 'CO', 'CA'],
        availableLanguage: ['English', 'Spanish'],
      },
    ],
    makesOffer: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.title,
      description: plan.description,
      price: plan.price.toFixed(2),
      priceCurrency: currency,
      url: absoluteUrl(siteUrl, '/services'),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: plan.price.toFixed(2),
        priceCurrency: currency,
        unitCode: 'MON',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    })),
  };
}

/** JSON for a <script type="application/ld+json"> block: "<" escaped so no text can close the element. */
export function serializeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
