/**
 * The lab's facts in no language: identity and contact points, offices'
 * addresses, plan prices, department inboxes, page links and the hero's media.
 * Every language's texts take them from here and write only their words, so a
 * page never downloads another language's texts to get a price or an address.
 */

/**
 * A phone number as visitors read it ("+1 (305) 555-0142"). `placeholder` marks a stand-in the lab has
 * still to replace with its real number: every page then says beside it that it is an example, not yet in
 * service, and the structured data leaves it out, so nobody takes it for a line that answers. To fill one
 * in, write the real number and drop `placeholder`.
 */
export interface Phone {
  number: string;
  placeholder?: boolean;
}

/**
 * The stand-ins below are in 555-0100 to 555-0199, the range North America keeps for fiction: they reach
 * nobody. Colombia keeps no such range, so the Bogota office shows no number until the lab gives its own.
 */
const mainPhone: Phone = { number: '+1 (305) 555-0142', placeholder: true };
const developmentPhone: Phone = { number: '+1 (305) 555-0143', placeholder: true };
const newYorkPhone: Phone = { number: '+1 (212) 555-0178', placeholder: true };

export const siteFacts = {
  name: 'Meridian Lab',
  /** Used when SITE_URL is not set (local development and tests). */
  defaultUrl: 'http://localhost:3000',
  email: 'hello@meridianlab.dev',
  researchEmail: 'research@meridianlab.dev',
  /** Where visitors send privacy questions and access or deletion requests. */
  privacyEmail: 'privacy@meridianlab.dev',
  phone: mainPhone,
  /** The zone of the opening hours: the times in the team's lead e-mails are given in it. */
  timeZone: 'America/New_York',
  /** How soon the team answers: the contact page, its description and the calls to action quote it. */
  responseTimes: { email: '4 hours', quote: '24 hours' },
  /** The opening hours for machines (structured data), in the offices' Eastern time. */
  openingHours: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '18:00',
  },
  copyrightYear: 2024,
  themeColor: '#0b0b1a',
  logo: '/icons/icon-512.png',
  ogImage: '/images/og-image.png',
  areaServed: ['Miami', 'Bogota', 'New York', 'North America', 'South America'],
} as const;

/** Digits and a leading plus only, as a tel: link wants them. */
export function telHref(phone: Phone): string {
  return `tel:${phone.number.replace(/[^\d+]/g, '')}`;
}

export type City = 'Miami' | 'Bogota' | 'New York';

export interface OfficeFacts {
  city: City;
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
  /** None until the office has a number of its own. */
  phone?: Phone;
}

export const officeFacts: readonly OfficeFacts[] = [
  {
    city: 'Miami',
    streetAddress: '1200 Brickell Avenue, Suite 1800',
    addressLocality: 'Miami',
    addressRegion: 'FL',
    postalCode: '33131',
    addressCountry: 'US',
    phone: mainPhone,
  },
  {
    city: 'Bogota',
    streetAddress: 'Carrera 7 # 71-21, Torre B, Piso 9',
    addressLocality: 'Bogota',
    addressRegion: 'Bogota D.C.',
    postalCode: '110231',
    addressCountry: 'CO',
  },
  {
    city: 'New York',
    streetAddress: '85 Broad Street, 17th Floor',
    addressLocality: 'New York',
    addressRegion: 'NY',
    postalCode: '10004',
    addressCountry: 'US',
    phone: newYorkPhone,
  },
];

export type PlanId = 'web-subscription' | 'ai-voice-systems' | 'marketing-ads' | 'all-in-one';

export interface PlanFacts {
  id: PlanId;
  /** Whole Canadian dollars per month. */
  price: number;
  image: string;
  popular: boolean;
  featured: boolean;
}

export const currency = 'CAD';

export const planFacts: readonly PlanFacts[] = [
  { id: 'web-subscription', price: 99, image: '/images/plans/web-subscription.webp', popular: false, featured: false },
  { id: 'ai-voice-systems', price: 99, image: '/images/plans/ai-voice-systems.webp', popular: false, featured: false },
  { id: 'marketing-ads', price: 299, image: '/images/plans/marketing-ads.webp', popular: true, featured: false },
  { id: 'all-in-one', price: 1000, image: '/images/plans/all-in-one.webp', popular: false, featured: true },
];

/** The cheapest plan's monthly price: the "from $99" of the descriptions. */
export const lowestPrice = Math.min(...planFacts.map((plan) => plan.price));

export type DepartmentId = 'general' | 'development' | 'sales';

export const departmentFacts: readonly { id: DepartmentId; email: string; phone: Phone }[] = [
  { id: 'general', email: siteFacts.email, phone: siteFacts.phone },
  { id: 'development', email: 'dev@meridianlab.dev', phone: developmentPhone },
  { id: 'sales', email: 'sales@meridianlab.dev', phone: newYorkPhone },
];

/** The English paths the menus and buttons link to; each language's links are localised from them (`localize`). */
export const links = {
  home: '/',
  services: '/services',
  research: '/research',
  blog: '/blog',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export interface HeroMedia {
  /** The poster: the first frame of the loop, shown until the video plays and whenever it may not. */
  poster: string;
  /** Sources in the order the browser should try them. */
  sources: readonly { src: string; type: string }[];
}

/** The home page's hero loop, and how fast its typewriter types (milliseconds per letter; the spec allows 100 to 150). */
export const homeHeroFacts = {
  letterDelay: 120,
  media: {
    poster: '/images/home/hero-poster.webp',
    sources: [
      { src: '/video/hero-loop.webm', type: 'video/webm' },
      { src: '/video/hero-loop.mp4', type: 'video/mp4' },
    ],
  } satisfies HeroMedia,
};

/** The home page's reasons to choose the lab, in order: each language names them, the page gives each its icon. */
export const whyChooseIds = ['technology', 'presence', 'delivery', 'pricing'] as const;
