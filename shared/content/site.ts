/**
 * The lab's identity and contact points: written once, read by the layout,
 * the pages, the structured data and the server (canonical URLs).
 */
export interface Office {
  city: 'Miami' | 'Bogota' | 'New York';
  name: string;
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
  phone: string;
  specialties: string[];
}

export const site = {
  name: 'Meridian Lab',
  /** Used when SITE_URL is not set (local development and tests). */
  defaultUrl: 'http://localhost:3000',
  tagline:
    'Cutting-edge web development lab specializing in custom websites, AI voice systems, and digital marketing solutions that transform your digital presence.',
  email: 'hello@meridianlab.dev',
  researchEmail: 'research@meridianlab.dev',
  /** Where visitors send privacy questions and access or deletion requests. */
  privacyEmail: 'privacy@meridianlab.dev',
  phone: '+1 (305) 555-0142',
  hours: 'Mon-Fri 9:00 AM - 6:00 PM EST',
  /** The zone of those hours: the times in the team's lead e-mails are given in it. */
  timeZone: 'America/New_York',
  /** How soon the team answers: the contact page, its description and the calls to action quote it. */
  responseTimes: { email: '4 hours', quote: '24 hours' },
  /** The same hours for machines (structured data), in the offices' Eastern time. */
  openingHours: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '18:00',
  },
  copyrightYear: 2024,
  themeColor: '#0b0b1a',
  logo: '/icons/icon-512.png',
  ogImage: '/images/og-image.png',
  areaServed: ['Miami', 'Bogota', 'New York', 'North America', 'South America'],
} as const;

/** The response promise as one sentence. */
export const responsePromise = `We answer e-mails within ${site.responseTimes.email} and quote requests within ${site.responseTimes.quote}.`;

export const offices: readonly Office[] = [
  {
    city: 'Miami',
    name: 'Miami Headquarters',
    streetAddress: '1200 Brickell Avenue, Suite 1800',
    addressLocality: 'Miami',
    addressRegion: 'FL',
    postalCode: '33131',
    addressCountry: 'US',
    phone: '+1 (305) 555-0142',
    specialties: ['Web Development', 'AI Voice Systems', 'Client Success'],
  },
  {
    city: 'Bogota',
    name: 'Bogota Studio',
    streetAddress: 'Carrera 7 # 71-21, Torre B, Piso 9',
    addressLocality: 'Bogota',
    addressRegion: 'Bogota D.C.',
    postalCode: '110231',
    addressCountry: 'CO',
    phone: '+57 601 555 0190',
    specialties: ['Design & UX', 'Engineering', 'Latin American Markets'],
  },
  {
    city: 'New York',
    name: 'New York Office',
    streetAddress: '85 Broad Street, 17th Floor',
    addressLocality: 'New York',
    addressRegion: 'NY',
    postalCode: '10004',
    addressCountry: 'US',
    phone: '+1 (212) 555-0178',
    specialties: ['Digital Marketing', 'Ads Strategy', 'Enterprise Partnerships'],
  },
];

/** Digits and a leading plus only, as a tel: link wants them. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
