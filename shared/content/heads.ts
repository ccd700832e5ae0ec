/** The head texts (title, description, keywords) of the pages that exist in every language, keyed by their route-table chunk. */
import { formatPrice, lowestPrice } from './data';
import { responsePromise } from './site';

export interface HeadText {
  title: string;
  description: string;
  keywords: readonly string[];
}

/** "from $99": the descriptions quote the cheapest plan. */
const fromLowestPrice = `from ${formatPrice(lowestPrice)}`;

export const pageHeads = {
  Home: {
    title: 'Meridian Lab | Custom Websites, AI Voice & Marketing',
    description:
      `Web development lab in Miami, Bogota and New York: custom websites, AI voice agents and ads-based digital marketing ${fromLowestPrice} a month.`,
    keywords: ['web development', 'custom websites', 'AI voice agents', 'digital marketing', 'Miami', 'Bogota', 'New York'],
  },
  Contact: {
    title: 'Contact Us | Meridian Lab',
    description: `Ask for a free quote or talk to our team in Miami, Bogota or New York. ${responsePromise}`,
    keywords: ['contact', 'free quote', 'web development agency', 'Miami', 'Bogota', 'New York'],
  },
  NotFound: {
    title: 'Page Not Found | Meridian Lab',
    description:
      'The page you were looking for does not exist. Find our services, research, blog and contact details from the Meridian Lab home page.',
    keywords: ['page not found'],
  },
} satisfies Record<string, HeadText>;
