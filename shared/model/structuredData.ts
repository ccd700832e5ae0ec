import type { BlogPost } from '../content/blog';
import { currency, siteFacts } from '../content/data';
import type { Catalogue } from '../content/i18n/types';
import { localeTags } from '../lib/locale';
import { absoluteUrl } from '../lib/runtime';

/**
 * schema.org ProfessionalService for the lab: offices, contact point, areas
 * served and the four plans as offers, in the page's language (its catalogue's
 * texts, and its paths through `localize`). One entity in every language: the
 * same @id.
 */
export function buildOrganizationJsonLd(
  siteUrl: string,
  { site: texts, plans: { plans } }: Pick<Catalogue, 'site' | 'plans'>,
  localize: (path: string) => string,
) {
  const offices = texts.offices;
  // A stand-in number (data.ts) is not given to machines, which cannot read that it is an example.
  const telephone = siteFacts.phone.placeholder ? {} : { telephone: siteFacts.phone.number };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: siteFacts.name,
    description: texts.tagline,
    url: absoluteUrl(siteUrl, localize('/')),
    logo: absoluteUrl(siteUrl, siteFacts.logo),
    image: absoluteUrl(siteUrl, siteFacts.ogImage),
    email: siteFacts.email,
    ...telephone,
    priceRange: `${plans.map((p) => p.price).reduce((a, b) => Math.min(a, b))}-${plans
      .map((p) => p.price)
      .reduce((a, b) => Math.max(a, b))} ${currency}`,
    areaServed: texts.areaServed.map((name) => ({ '@type': 'Place', name })),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: siteFacts.openingHours.days.map((day) => `https://schema.org/${day}`),
      opens: siteFacts.openingHours.opens,
      closes: siteFacts.openingHours.closes,
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
        email: siteFacts.email,
        ...telephone,
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
      url: absoluteUrl(siteUrl, localize('/services')),
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

/** schema.org BlogPosting for an article in its language, published by the lab. */
export function buildBlogPostingJsonLd(siteUrl: string, post: BlogPost, path: string) {
  const url = absoluteUrl(siteUrl, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    inLanguage: localeTags[post.locale].lang,
    headline: post.title,
    description: post.excerpt,
    // Its social card, what its cover shows as the caption; a post without a cover is shared as every page is.
    image: post.share
      ? {
          '@type': 'ImageObject',
          url: absoluteUrl(siteUrl, post.share),
          width: 1200,
          height: 630,
          caption: post.imageAlt,
        }
      : absoluteUrl(siteUrl, post.image ?? siteFacts.ogImage),
    datePublished: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
      name: siteFacts.name,
      url: absoluteUrl(siteUrl, '/'),
      logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, siteFacts.logo) },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}

/** schema.org BreadcrumbList: the trail from the home page to this page, the last item being the page itself. */
export function buildBreadcrumbJsonLd(siteUrl: string, trail: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

/** JSON for a <script type="application/ld+json"> block: "<" escaped so no text can close the element. */
export function serializeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
