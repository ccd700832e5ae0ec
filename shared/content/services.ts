/** The services page's own texts; the plans, add-ons, process and technologies have their own modules. */
import type { HeadText } from './head';
import type { NavItem } from './navigation';
import { currency, formatPrice, lowestPrice } from './data';
import { site } from './site';

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

/** The plans section: the cards' shared words (what each plan includes is in planFeatures.ts). */
export const servicesPlans = {
  eyebrow: 'Pricing',
  title: 'Simple monthly plans',
  intro: `Every plan is designed, built and run by our team, with support included. All prices are in Canadian dollars (${currency}).`,
  badges: { featured: 'Best Value', popular: 'Most Popular' },
  includedIn: (title: string) => `Included in ${title}`,
  getStarted: 'Get Started',
  getStartedWith: (title: string) => ` with ${title}`,
  note: `Prices in ${currency}, per month. Need something different?`,
  quoteLink: 'Ask for a custom quote',
};

export const servicesAddOns = {
  eyebrow: 'Add-ons',
  title: 'Optional add-ons',
  intro: 'Extend any plan with the extras your business needs, added to your monthly subscription.',
  perMonth: 'per month',
};

export const servicesProcess = {
  eyebrow: 'How we work',
  title: 'Our process',
  intro: 'A clear path from first conversation to launch, with you involved at every step.',
};

export const servicesTechnologies = {
  eyebrow: 'Technology',
  title: 'Technologies we use',
  intro: 'Proven, modern tools chosen for speed, security and room to grow.',
};

export const servicesCta = {
  title: 'Ready to transform your digital presence?',
  text: `Tell us about your project and receive a free, no-obligation quote within ${site.responseTimes.quote}.`,
  hours: site.hours,
  quoteAction: 'Get Free Quote',
  callAction: 'Call Us Now',
};
