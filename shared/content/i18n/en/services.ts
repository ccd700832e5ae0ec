/** The English services page: its own texts, the plans' features, the add-ons, the process and the technologies' roles. */
import { translated } from '../../../lib/locale';
import { addOnFacts } from '../../addOnFacts';
import { currency, links, lowestPrice, siteFacts } from '../../data';
import type { HeadText } from '../../head';
import type { TechnologyRole } from '../../technologies';
import { formatPrice, officeHours } from './shared';

export const services = {
  head: {
    title: 'Services & Pricing | Meridian Lab',
    description: `Monthly plans for custom websites, AI voice systems, ads-based marketing and an all-in-one package, from ${formatPrice(lowestPrice)} ${currency} a month, with optional add-ons.`,
    keywords: ['website subscription', 'AI voice systems', 'Google Ads management', 'pricing', 'web development plans'],
  } satisfies HeadText,
  /** The page's opening: one h1, the intro, a jump to the plans and a way to the team. */
  hero: {
    eyebrow: 'Services & pricing',
    title: 'Our Services',
    intro: `Four monthly plans for custom websites, AI voice agents and ads-based marketing, or all of them together. Prices in ${currency}.`,
    /** A link within the page, to the plans section. */
    compareAction: { label: 'Compare Plans', to: '#plans' },
    contactAction: { label: 'Talk to Our Team', to: links.contact },
  },
  /** The plans section: the cards' shared words and what each plan includes (only this page lists it). */
  plans: {
    eyebrow: 'Pricing',
    title: 'Simple monthly plans',
    intro: `Every plan is designed, built and run by our team, with support included. All prices are in Canadian dollars (${currency}).`,
    badges: { featured: 'Best Value', popular: 'Most Popular' },
    includedIn: (title: string) => `Included in ${title}`,
    getStarted: 'Get Started',
    getStartedWith: (title: string) => ` with ${title}`,
    note: `Prices in ${currency}, per month. Need something different?`,
    quoteLink: 'Ask for a custom quote',
    features: {
      'web-subscription': [
        'Custom responsive design',
        'Up to 10 pages',
        'Hosting and SSL certificate',
        'Monthly content updates',
        'Basic SEO setup',
        'Contact forms and maps',
        'Security monitoring and backups',
        'Email technical support',
      ],
      'ai-voice-systems': [
        '24/7 AI call answering',
        'Natural, human-like voice',
        'Appointment booking',
        'Lead qualification',
        'Call transcripts and summaries',
        'CRM integration',
        'English and Spanish support',
        'Monthly performance reports',
      ],
      'marketing-ads': [
        'Google Ads management',
        'Meta and Instagram campaigns',
        'Audience research and targeting',
        'Ad copy and creatives',
        'Landing page optimization',
        'Conversion tracking',
        'A/B testing',
        'Monthly strategy call and report',
      ],
      'all-in-one': [
        'Everything in Web Subscription',
        'Everything in AI Voice Systems',
        'Everything in Marketing with Ads',
        'Dedicated account manager',
        'Priority support',
        'Advanced analytics dashboard',
        'Quarterly growth workshops',
        'Custom integrations',
      ],
    },
  },
  /** Optional add-ons, priced per month on top of any plan (their prices are in addOnFacts.ts). */
  addOns: {
    eyebrow: 'Add-ons',
    title: 'Optional add-ons',
    intro: 'Extend any plan with the extras your business needs, added to your monthly subscription.',
    perMonth: 'per month',
    items: translated(addOnFacts, (addOn) => addOn.id, {
      ecommerce: {
        name: 'E-commerce Integration',
        description: 'A secure online store with product catalog, cart, checkout and payments.',
      },
      analytics: {
        name: 'Advanced Analytics',
        description: 'Custom dashboards, goal tracking and monthly insight reports on your visitors.',
      },
      languages: {
        name: 'Additional Languages',
        description: 'Your site and voice agent in another language, such as Spanish or French.',
      },
      'custom-api': {
        name: 'Custom API Development',
        description: 'Integrations and APIs built for your systems: CRMs, booking tools and internal data.',
      },
    }),
  },
  /** How a project runs, step by step. */
  process: {
    eyebrow: 'How we work',
    title: 'Our process',
    intro: 'A clear path from first conversation to launch, with you involved at every step.',
    steps: [
      {
        title: 'Discovery',
        description: 'We learn your business, your customers and your goals, and agree on a clear plan and scope.',
      },
      {
        title: 'Design',
        description: 'We shape the look, the structure and the user experience, and refine them with your feedback.',
      },
      {
        title: 'Development',
        description: 'We build, integrate and test every part on a modern stack, sharing progress as we go.',
      },
      {
        title: 'Launch',
        description: 'We go live, measure the results and keep improving with ongoing maintenance and support.',
      },
    ],
  },
  technologies: {
    eyebrow: 'Technology',
    title: 'Technologies we use',
    intro: 'Proven, modern tools chosen for speed, security and room to grow.',
    /** Each role's label as the page shows it (technologies.ts lists the stack). */
    roles: {
      Frontend: 'Frontend',
      Framework: 'Framework',
      Language: 'Language',
      Backend: 'Backend',
      'Machine learning': 'Machine learning',
      Cloud: 'Cloud',
      Styling: 'Styling',
      Database: 'Database',
      Containers: 'Containers',
    } satisfies Record<TechnologyRole, string>,
  },
  cta: {
    title: 'Ready to transform your digital presence?',
    text: `Tell us about your project and receive a free, no-obligation quote within ${siteFacts.responseTimes.quote}.`,
    hours: officeHours,
    quoteAction: 'Get Free Quote',
    callAction: 'Call Us Now',
    bookCall: 'Or book a 30-minute intro call',
  },
};
