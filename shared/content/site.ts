/**
 * The lab's identity and contact points: written once, read by the layout,
 * the pages, the structured data and the server (canonical URLs). The facts
 * come from data.ts; the English words are written here.
 */
import type { City, OfficeFacts } from './data';
import { officeFacts, siteFacts } from './data';

export interface Office extends OfficeFacts {
  name: string;
  specialties: string[];
}

export const site = {
  ...siteFacts,
  tagline:
    'Cutting-edge web development lab specializing in custom websites, AI voice systems, and digital marketing solutions that transform your digital presence.',
  hours: 'Mon-Fri 9:00 AM - 6:00 PM EST',
} as const;

/** The response promise as one sentence. */
export const responsePromise = `We answer e-mails within ${site.responseTimes.email} and quote requests within ${site.responseTimes.quote}.`;

const officeWords: Readonly<Record<City, Pick<Office, 'name' | 'specialties'>>> = {
  Miami: { name: 'Miami Headquarters', specialties: ['Web Development', 'AI Voice Systems', 'Client Success'] },
  Bogota: { name: 'Bogota Studio', specialties: ['Design & UX', 'Engineering', 'Latin American Markets'] },
  'New York': { name: 'New York Office', specialties: ['Digital Marketing', 'Ads Strategy', 'Enterprise Partnerships'] },
};

export const offices: readonly Office[] = officeFacts.map((office) => ({ ...office, ...officeWords[office.city] }));
