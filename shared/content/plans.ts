/** The four monthly plans: the home cards, the services page and the structured data read this list. Prices and images come from data.ts. */
import type { PlanFacts, PlanId } from './data';
import { planFacts } from './data';

export type { PlanId } from './data';

export interface Plan extends PlanFacts {
  title: string;
  priceNote: 'per month';
  description: string;
  features: string[];
}

const planWords: Readonly<Record<PlanId, Pick<Plan, 'title' | 'description' | 'features'>>> = {
  'web-subscription': {
    title: 'Web Subscription',
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
  },
  'ai-voice-systems': {
    title: 'AI Voice Systems',
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
  },
  'marketing-ads': {
    title: 'Marketing with Ads',
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
  },
  'all-in-one': {
    title: 'All-in-One Package',
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
  },
};

export const plans: readonly Plan[] = planFacts.map((plan) => ({ ...plan, ...planWords[plan.id], priceNote: 'per month' }));
