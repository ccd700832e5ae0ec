import type { ComponentType } from 'react';
import type { PageHead } from './components/Seo';
import { currency, formatPrice, lowestPrice } from './content/plans';
import { responsePromise } from './content/site';
import { blogViewKey } from './lib/blog';
import { SENT_PARAM } from './lib/contactForm';
import { CONFIRM_OUTCOMES, CONFIRM_PATH, UNSUBSCRIBE_OUTCOMES, UNSUBSCRIBE_PATH, readResult } from './lib/newsletter';

/** "from $99": the descriptions quote the cheapest plan. */
const fromLowestPrice = `from ${formatPrice(lowestPrice)}`;

/** Everything the head, the sitemap and the server need to know about one page. */
export interface PageRoute extends PageHead {
  /** Absolute path; "*" for the not-found page. */
  path: string;
  /** The page module's file name: names its lazy chunk in the build manifest. */
  chunk: string;
  load: () => Promise<{ default: ComponentType }>;
  /** HTTP status the server answers with (the not-found page's 404). */
  status?: number;
  /**
   * The query parameters the page reads, normalised to what it shows: the
   * server keeps one finished page per path and this value, so an unread or
   * out-of-range parameter cannot multiply cache entries. A page that reads
   * none omits it.
   */
  readQuery?: (params: URLSearchParams) => string;
}

/** The one route table: adding a page is adding an entry here. */
export const pages: readonly PageRoute[] = [
  {
    path: '/',
    chunk: 'Home',
    load: () => import('./pages/Home'),
    title: 'Meridian Lab | Custom Websites, AI Voice & Marketing',
    description:
      `Web development lab in Miami, Bogota and New York: custom websites, AI voice agents and ads-based digital marketing ${fromLowestPrice} a month.`,
    keywords: ['web development', 'custom websites', 'AI voice agents', 'digital marketing', 'Miami', 'Bogota', 'New York'],
  },
  {
    path: '/services',
    chunk: 'Services',
    load: () => import('./pages/Services'),
    title: 'Services & Pricing | Meridian Lab',
    description:
      `Monthly plans for custom websites, AI voice systems, ads-based marketing and an all-in-one package, ${fromLowestPrice} ${currency} a month, with optional add-ons.`,
    keywords: ['website subscription', 'AI voice systems', 'Google Ads management', 'pricing', 'web development plans'],
  },
  {
    path: '/research',
    chunk: 'Research',
    load: () => import('./pages/Research'),
    title: 'Research | Meridian Lab',
    description:
      'Our research in drug discovery, biotechnology, environmental solutions and diagnostic technologies: projects, publications and partnerships.',
    keywords: ['research', 'drug discovery', 'biotechnology', 'environmental solutions', 'diagnostics', 'publications'],
  },
  {
    path: '/blog',
    chunk: 'Blog',
    load: () => import('./pages/Blog'),
    readQuery: blogViewKey,
    title: 'Blog | Meridian Lab',
    description:
      'Insights on web development, AI voice systems and digital marketing from the Meridian Lab team, with research news and hands-on tutorials.',
    keywords: ['blog', 'web development', 'technology', 'industry news', 'tutorials', 'sustainability'],
  },
  {
    path: '/contact',
    chunk: 'Contact',
    load: () => import('./pages/Contact'),
    readQuery: (params) => (params.get(SENT_PARAM) === '1' ? `${SENT_PARAM}=1` : ''),
    title: 'Contact Us | Meridian Lab',
    description:
      `Ask for a free quote or talk to our team in Miami, Bogota or New York. ${responsePromise}`,
    keywords: ['contact', 'free quote', 'web development agency', 'Miami', 'Bogota', 'New York'],
  },
  // The newsletter's consent steps, opened from its e-mails. A link's token is
  // shown by server/routes/newsletter.ts, never cached: these entries serve the outcomes.
  {
    path: CONFIRM_PATH,
    chunk: 'NewsletterConfirm',
    load: () => import('./pages/NewsletterConfirm'),
    readQuery: (params) => readResult(params, CONFIRM_OUTCOMES) ?? '',
    title: 'Confirm Your Subscription | Meridian Lab',
    description: 'Confirm your subscription to new articles from Meridian Lab: one click, and nothing else is sent.',
    keywords: ['newsletter', 'confirm subscription'],
    noindex: true,
  },
  {
    path: UNSUBSCRIBE_PATH,
    chunk: 'NewsletterUnsubscribe',
    load: () => import('./pages/NewsletterUnsubscribe'),
    readQuery: (params) => readResult(params, UNSUBSCRIBE_OUTCOMES) ?? '',
    title: 'Unsubscribe | Meridian Lab',
    description: 'Stop receiving new articles from Meridian Lab by e-mail, in one click.',
    keywords: ['newsletter', 'unsubscribe'],
    noindex: true,
  },
];

export const notFoundPage: PageRoute = {
  path: '*',
  chunk: 'NotFound',
  load: () => import('./pages/NotFound'),
  title: 'Page Not Found | Meridian Lab',
  description:
    'The page you were looking for does not exist. Find our services, research, blog and contact details from the Meridian Lab home page.',
  keywords: ['page not found'],
  status: 404,
  noindex: true,
};

/** Pages that search engines should list: every page but the not-found one. */
export const indexablePages = pages.filter((page) => !page.noindex);

/**
 * The page a router match ends in: its route-table entry, which the route tree
 * carries as the route's handle, or the not-found page when nothing matched.
 * Takes what useMatches() returns, or the matched route objects on the server.
 */
export function pageOf(matches: readonly { handle?: unknown }[]): PageRoute {
  return (matches.at(-1)?.handle as PageRoute | undefined) ?? notFoundPage;
}
