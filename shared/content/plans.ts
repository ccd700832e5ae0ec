/** The four monthly plans: the home cards, the services page and the structured data read this list. Prices and images come from data.ts; what each includes is in planFeatures.ts. */
import type { PlanFacts, PlanId } from './data';
import { planFacts } from './data';

export type { PlanId } from './data';

export interface Plan extends PlanFacts {
  title: string;
  priceNote: 'per month';
  description: string;
}

const planWords: Readonly<Record<PlanId, Pick<Plan, 'title' | 'description'>>> = {
  'web-subscription': {
    title: 'Web Subscription',
    description: 'A custom website designed, built and maintained for you, with hosting and updates included.',
  },
  'ai-voice-systems': {
    title: 'AI Voice Systems',
    description: 'An AI voice agent that answers calls, books appointments and qualifies leads around the clock.',
  },
  'marketing-ads': {
    title: 'Marketing with Ads',
    description: 'Ads-based digital marketing on Google and social media, managed and optimized for growth.',
  },
  'all-in-one': {
    title: 'All-in-One Package',
    description: 'Website, AI voice agent and ads marketing together, run by one dedicated team.',
  },
};

export const plans: readonly Plan[] = planFacts.map((plan) => ({ ...plan, ...planWords[plan.id], priceNote: 'per month' }));
