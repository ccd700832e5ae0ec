/** The optional add-ons in no language: each one's id and its price in whole Canadian dollars per month, on top of any plan. */
export interface AddOnFacts {
  id: 'ecommerce' | 'analytics' | 'languages' | 'custom-api';
  price: number;
}

export const addOnFacts: readonly AddOnFacts[] = [
  { id: 'ecommerce', price: 50 },
  { id: 'analytics', price: 30 },
  { id: 'languages', price: 25 },
  { id: 'custom-api', price: 100 },
];
