/** The English home page. */
import { translated } from '../../../lib/locale';
import { currency, homeHeroFacts, links, siteFacts, whyChooseIds } from '../../data';
import type { HeadText } from '../../head';
import { cityList, fromPrice, offices } from './shared';

export const home = {
  head: {
    title: 'Meridian Lab | Custom Websites, AI Voice & Marketing',
    description: `Web development lab in Miami, Bogota and New York: custom websites, AI voice agents and ads-based digital marketing ${fromPrice} a month.`,
    keywords: [
      'web development',
      'custom websites',
      'AI voice agents',
      'digital marketing',
      'Miami',
      'Bogota',
      'New York',
    ],
  } satisfies HeadText,
  hero: {
    ...homeHeroFacts,
    // No-break space before each dot, so a wrapped line never starts with one.
    eyebrow: ['Web development lab', ...offices.map((office) => office.city)].join('\u00a0· '),
    titleLead: 'Transforming Digital',
    typedWord: 'Experiences',
    intro: `Custom websites, AI voice agents and ads-based marketing, designed, built and run for you every month, ${fromPrice}.`,
    actions: [
      { label: 'View Our Services', to: links.services },
      { label: 'Start Your Project', to: links.contact },
    ],
    scrollCue: 'Scroll to explore',
  },
  about: {
    id: 'about',
    eyebrow: 'About the lab',
    title: `About ${siteFacts.name}`,
    paragraphs: [
      `${siteFacts.name} is a web development lab: a small team of designers, engineers and marketers who build the digital side of growing businesses and keep it running, month after month.`,
      'We work the way a lab should. We try new technology early, measure what it does for our clients, and keep only what makes their sites faster, their phones answered and their ads more profitable.',
    ],
    officesTitle: 'Three offices, one team',
  },
  services: {
    id: 'services',
    eyebrow: 'Plans & pricing',
    title: 'Our Services',
    intro: 'Four monthly plans with design, hosting, updates and support included. Pick one, or bring them together.',
    cardLink: 'See what’s included',
    priceNote: `All prices in Canadian dollars (${currency}), billed monthly.`,
  },
  whyChoose: {
    id: 'why-choose',
    eyebrow: 'Why us',
    title: `Why Choose ${siteFacts.name}`,
    intro: 'What our clients count on, from the first call to every month after launch.',
    items: translated(
      whyChooseIds.map((id) => ({ id })),
      (item) => item.id,
      {
        technology: {
          title: 'Cutting-Edge Technology',
          text: 'Modern frameworks, AI voice agents and fast cloud hosting, chosen for speed, security and the results they bring.',
        },
        presence: {
          title: 'Global Presence',
          text: `Teams in ${cityList} serve clients across North and South America, in English and Spanish.`,
        },
        delivery: {
          title: 'Fast Delivery',
          text: 'Most websites go live in 2-4 weeks, with a clear plan and progress you can see every week.',
        },
        pricing: {
          title: 'Transparent Pricing',
          text: `Flat monthly plans ${fromPrice}, with maintenance, updates and support included. No surprises.`,
        },
      },
    ),
  },
  callToAction: {
    id: 'get-started',
    eyebrow: 'Ready when you are',
    title: 'Let’s build what’s next for your business',
    intro: `Tell us about your project and get a free quote within ${siteFacts.responseTimes.quote}.`,
    actions: [
      { label: 'Start Your Project', to: links.contact },
      { label: 'View Pricing', to: links.services },
    ],
  },
};
