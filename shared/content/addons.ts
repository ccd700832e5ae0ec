/** Optional add-ons, priced per month on top of any plan. */
export interface AddOn {
  id: 'ecommerce' | 'analytics' | 'languages' | 'custom-api';
  name: string;
  /** Whole Canadian dollars per month, shown with `formatPrice` like the plans. */
  price: number;
  description: string;
}

export const addOns: readonly AddOn[] = [
  {
    id: 'ecommerce',
    name: 'E-commerce Integration',
    price: 50,
    description: 'A secure online store with product catalog, cart, checkout and payments.',
  },
  {
    id: 'analytics',
    name: 'Advanced Analytics',
    price: 30,
    description: 'Custom dashboards, goal tracking and monthly insight reports on your visitors.',
  },
  {
    id: 'languages',
    name: 'Additional Languages',
    price: 25,
    description: 'Your site and voice agent in another language, such as Spanish or French.',
  },
  {
    id: 'custom-api',
    name: 'Custom API Development',
    price: 100,
    description: 'Integrations and APIs built for your systems: CRMs, booking tools and internal data.',
  },
];
