/** The services page's own texts; the plans, add-ons, process and technologies have their own modules. */
import type { HeadText } from '../components/Seo';
import type { NavItem } from './navigation';
import { currency, formatPrice, lowestPrice } from './data';

export const servicesHead: HeadText = {
  title: 'Services & Pricing | Meridian Lab',
  description:
    `Monthly plans for custom websites, AI voice systems, ads-based marketing and an all-in-one package, from ${formatPrice(lowestPrice)} ${currency} a month, with optional add-ons.`,
  keywords: ['website subscription', 'AI voice systems', 'Google Ads management', 'pricing', 'web development plans'],
};

/** The page's opening: one h1, the intro, a jump to the plans and a way to the team. */
export const servicesHero = {
  eyebrow: 'Services & pricing',
  title: 'Our Services',
  intro: `Four monthly plans for custom websites, AI voice agents and ads-based marketing, or all of them together. Prices in ${currency}.`,
  /** A link within the page, to the plans section. */
  compareAction: { label: 'Compare Plans', to: '#plans' } satisfies NavItem,
  contactAction: { label: 'Talk to Our Team', to: '/contact' } satisfies NavItem,
};
