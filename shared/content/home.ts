/** The home page's texts, media and links; plans and offices come from their own modules. */
import type { HeadText } from './head';
import type { NavItem } from './navigation';
import { currency, formatPrice, homeHeroFacts, lowestPrice } from './data';
import { offices, site } from './site';

const cityList = (() => {
  const cities = offices.map((office) => office.city);
  return `${cities.slice(0, -1).join(', ')} and ${cities.at(-1)}`;
})();

const fromPrice = `from ${formatPrice(lowestPrice)} ${currency}`;

export const homeHead: HeadText = {
  title: 'Meridian Lab | Custom Websites, AI Voice & Marketing',
  description:
    `Web development lab in Miami, Bogota and New York: custom websites, AI voice agents and ads-based digital marketing from ${formatPrice(lowestPrice)} a month.`,
  keywords: ['web development', 'custom websites', 'AI voice agents', 'digital marketing', 'Miami', 'Bogota', 'New York'],
};

export const homeHero = {
  // No-break space before each dot, so a wrapped line never starts with one.
  eyebrow: ['Web development lab', ...offices.map((office) => office.city)].join('\u00a0· '),
  titleLead: 'Transforming Digital',
  typedWord: 'Experiences',
  intro: `Custom websites, AI voice agents and ads-based marketing, designed, built and run for you every month, ${fromPrice}.`,
  actions: [
    { label: 'View Our Services', to: '/services' },
    { label: 'Start Your Project', to: '/contact' },
  ] satisfies NavItem[],
  scrollCue: 'Scroll to explore',
  ...homeHeroFacts,
};

export const homeAbout = {
  id: 'about',
  eyebrow: 'About the lab',
  title: `About ${site.name}`,
  paragraphs: [
    `${site.name} is a web development lab: a small team of designers, engineers and marketers who build the digital side of growing businesses and keep it running, month after month.`,
    'We work the way a lab should. We try new technology early, measure what it does for our clients, and keep only what makes their sites faster, their phones answered and their ads more profitable.',
  ],
  officesTitle: 'Three offices, one team',
};

export const homeServices = {
  id: 'services',
  eyebrow: 'Plans & pricing',
  title: 'Our Services',
  intro: 'Four monthly plans with design, hosting, updates and support included. Pick one, or bring them together.',
  cardLink: 'See what’s included',
  priceNote: `All prices in Canadian dollars (${currency}), billed monthly.`,
};

export interface WhyChooseItem {
  id: 'technology' | 'presence' | 'delivery' | 'pricing';
  title: string;
  text: string;
}

export const homeWhyChoose = {
  id: 'why-choose',
  eyebrow: 'Why us',
  title: `Why Choose ${site.name}`,
  intro: 'What our clients count on, from the first call to every month after launch.',
  items: [
    {
      id: 'technology',
      title: 'Cutting-Edge Technology',
      text: 'Modern frameworks, AI voice agents and fast cloud hosting, chosen for speed, security and the results they bring.',
    },
    {
      id: 'presence',
      title: 'Global Presence',
      text: `Teams in ${cityList} serve clients across North and South America, in English and Spanish.`,
    },
    {
      id: 'delivery',
      title: 'Fast Delivery',
      text: 'Most websites go live in 2-4 weeks, with a clear plan and progress you can see every week.',
    },
    {
      id: 'pricing',
      title: 'Transparent Pricing',
      text: `Flat monthly plans ${fromPrice}, with maintenance, updates and support included. No surprises.`,
    },
  ] satisfies WhyChooseItem[],
};

export const homeCallToAction = {
  id: 'get-started',
  eyebrow: 'Ready when you are',
  title: 'Let’s build what’s next for your business',
  intro: `Tell us about your project and get a free quote within ${site.responseTimes.quote}.`,
  actions: [
    { label: 'Start Your Project', to: '/contact' },
    { label: 'View Pricing', to: '/services' },
  ] satisfies NavItem[],
};
