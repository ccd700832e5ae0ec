/**
 * The English catalogue: the texts of the pages that exist in every language,
 * gathered from the modules where they are written. Loaded as a chunk of its
 * own, only by English pages; es.ts has the same keys.
 */
import {
  contactFormCopy,
  contactHero,
  contactSections,
  departments,
  faq,
  failureMessage,
  fieldCopy,
  fieldErrors,
  hours,
  responsePromises,
  serviceOptions,
  servicePlaceholder,
} from '../contact';
import { pageHeads } from '../heads';
import { homeAbout, homeCallToAction, homeHero, homeServices, homeWhyChoose } from '../home';
import { layoutCopy, notFoundCopy } from '../layout';
import { footerColumns, headerCta, legalLinks, mainNav, privacyNoticePrompt, privacyPolicyLink } from '../navigation';
import { formatPrice, plans } from '../plans';
import { offices, site } from '../site';

export const en = {
  layout: layoutCopy,
  notFound: notFoundCopy,
  heads: pageHeads,
  navigation: { mainNav, headerCta, footerColumns, legalLinks, privacyNoticePrompt, privacyPolicyLink },
  site: { tagline: site.tagline, offices, specialtiesLabel: (city: string) => `${city} specialties` },
  plans: { plans, formatPrice, priceNote: 'per month' },
  home: { hero: homeHero, about: homeAbout, services: homeServices, whyChoose: homeWhyChoose, callToAction: homeCallToAction },
  contact: {
    hero: contactHero,
    sections: contactSections,
    form: contactFormCopy,
    failureMessage,
    fieldCopy,
    fieldErrors,
    serviceOptions,
    servicePlaceholder,
    departments,
    responsePromises,
    hours,
    faq,
  },
};
