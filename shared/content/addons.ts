/** Optional add-ons, priced per month on top of any plan: their prices are in addOnFacts.ts, their English words here. */
import type { AddOnFacts } from './addOnFacts';
import { addOnFacts } from './addOnFacts';

export interface AddOn extends AddOnFacts {
  name: string;
  description: string;
}

const addOnWords: Readonly<Record<AddOn['id'], Pick<AddOn, 'name' | 'description'>>> = {
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
};

export const addOns: readonly AddOn[] = addOnFacts.map((addOn) => ({ ...addOn, ...addOnWords[addOn.id] }));
