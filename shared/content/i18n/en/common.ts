/** The English words of the frame around every page, the not-found page (its head too), the offices and the plans, gathered from where they are written. */
import { layoutCopy, notFoundCopy, notFoundHead } from '../../layout';
import { footerColumns, headerCta, legalLinks, mainNav, privacyNoticePrompt, privacyPolicyLink } from '../../navigation';
import { formatPrice } from '../../data';
import { plans } from '../../plans';
import { offices, site } from '../../site';

export const common = {
  layout: layoutCopy,
  notFound: { ...notFoundCopy, head: notFoundHead },
  navigation: { mainNav, headerCta, footerColumns, legalLinks, privacyNoticePrompt, privacyPolicyLink },
  site: { tagline: site.tagline, offices, specialtiesLabel: (city: string) => `${city} specialties` },
  plans: { plans, formatPrice, priceNote: 'per month' },
};
