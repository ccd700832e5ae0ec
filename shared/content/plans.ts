/** The four monthly plans: the home cards, the services page and the structured data read this list. */
export type PlanId = 'web-subscription' | 'ai-voice-systems' | 'marketing-ads' | 'all-in-one';

export interface Plan {
  id: PlanId;
  title: string;
  /** Whole Canadian dollars per month. */
  price: number;
  priceNote: 'per month';
  description: string;
  features: string[];
  image: string;
  popular: boolean;
  featured: boolean;
}

export const currency = 'CAD';

export const plans: readonly Plan[] = [
  {
    id: 'web-subscription',
    title: 'Web Subscription',
    price: 99,
    priceNote: 'per month',
    description: 'A custom website designed, built and maintained for you, with hosting and updates included.',
    features: [
      'Custom responsive design',
      'Up to 10 pages',
      'Hosting and SSL certificate',
      'Monthly content updates',
      'Basic SEO setup',
      'Contact forms and maps',
      'Security monitoring and backups',
      'Email technical support',
    ],
    image: '/images/plans/web-subscription.webp',
    popular: false,
    featured: false,
  },
  {
    id: 'ai-voice-systems',
    title: 'AI Voice Systems',
    price: 99,
    priceNote: 'per month',
    description: 'An AI voice agent that answers calls, books appointments and qualifies leads around the clock.',
    features: [
      '24/7 AI call answering',
      'Natural, human-like voice',
      'Appointment booking',
      'Lead qualification',
      'Call transcripts and summaries',
      'CRM integration',
      'English and Spanish support',
      'Monthly performance reports',
    ],
    image: '/images/plans/ai-voice-systems.webp',
    popular: false,
    featured: false,
  },
  {
    id: 'marketing-ads',
    title: 'Marketing with Ads',
    price: 299,
    priceNote: 'per month',
    description: 'Ads-based digital marketing on Google and social media, managed and optimized for growth.',
    features: [
      'Google Ads management',
      'Meta and Instagram campaigns',
      'Audience research and targeting',
      'Ad copy and creatives',
      'Landing page optimization',
      'Conversion tracking',
      'A/B testing',
      'Monthly strategy call and report',
    ],
    image: '/images/plans/marketing-ads.webp',
    popular: true,
    featured: false,
  },
  {
    id: 'all-in-one',
    title: 'All-in-One Package',
    price: 1000,
    priceNote: 'per month',
    description: 'Website, AI voice agent and ads marketing together, run by one dedicated team.',
    features: [
      'Everything in Web Subscription',
      'Everything in AI Voice Systems',
      'Everything in Marketing with Ads',
      'Dedicated account manager',
      'Priority support',
      'Advanced analytics dashboard',
      'Quarterly growth workshops',
      'Custom integrations',
    ],
    image: '/images/plans/all-in-one.webp',
    popular: false,
    featured: true,
  },
];

/** The cheapest plan's monthly price: the "from $99" of the descriptions. */
export const lowestPrice = Math.min(...plans.map((plan) => plan.price));

/** "$1000" as the spec writes prices: whole dollars, no thousands separator. */
export function formatPrice(price: number): string {
  return `$${price}`;
}
