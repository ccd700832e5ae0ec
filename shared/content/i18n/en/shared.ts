/**
 * What the English catalogue's parts share: the price format, the offices'
 * English names and the response promise. Data (prices, addresses, links, ids)
 * comes from the locale-neutral data.ts; only the words are written here.
 */
import { translated } from '../../../lib/locale';
import { currency, lowestPrice, officeFacts, siteFacts } from '../../data';

/** "$1000" as the spec writes prices in English: whole dollars, no thousands separator. */
export const formatPrice = (price: number) => `$${price}`;
export const fromPrice = `from ${formatPrice(lowestPrice)} ${currency}`;

export const offices = translated(officeFacts, (office) => office.city, {
  Miami: { name: 'Miami Headquarters', specialties: ['Web Development', 'AI Voice Systems', 'Client Success'] },
  Bogota: { name: 'Bogota Studio', specialties: ['Design & UX', 'Engineering', 'Latin American Markets'] },
  'New York': {
    name: 'New York Office',
    specialties: ['Digital Marketing', 'Ads Strategy', 'Enterprise Partnerships'],
  },
});
export const cityList = 'Miami, Bogota and New York';

export const responsePromise = `We answer e-mails within ${siteFacts.responseTimes.email} and quote requests within ${siteFacts.responseTimes.quote}.`;
/** The offices' opening hours, in the team's Eastern time. */
export const officeHours = 'Mon-Fri 9:00 AM - 6:00 PM EST';
export const emailUs = `e-mail us at ${siteFacts.email}`;
