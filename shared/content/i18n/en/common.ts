/** The English words of the frame around every page (header, menu, footer), the not-found page (its head too), the offices and the plans. */
import { translated } from '../../../lib/locale';
import type { PlanId } from '../../data';
import { links, planFacts, siteFacts } from '../../data';
import type { HeadText } from '../../head';
import { formatPrice, offices } from './shared';

const plans = translated(planFacts, (plan) => plan.id, {
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
} satisfies Record<PlanId, { title: string; description: string }>).map((plan) => ({
  ...plan,
  priceNote: 'per month',
}));

const privacyPolicyLink = { label: 'Privacy Policy', to: links.privacy };

export const common = {
  layout: {
    skipLink: 'Skip to content',
    homeLabel: `${siteFacts.name}, home`,
    mainNavLabel: 'Main',
    mobileNavLabel: 'Mobile',
    menuButton: 'Menu',
    rights: 'All rights reserved.',
    ogImageAlt: `${siteFacts.name}: custom websites, AI voice systems and digital marketing`,
    feedTitle: `${siteFacts.name} blog`,
  },
  notFound: {
    eyebrow: 'Error 404',
    title: 'Page not found',
    text: 'The page you were looking for does not exist or has moved.',
    home: 'Back to home',
    contact: 'Contact us',
    head: {
      title: 'Page Not Found | Meridian Lab',
      description:
        'The page you were looking for does not exist. Find our services, research, blog and contact details from the Meridian Lab home page.',
      keywords: ['page not found'],
    } satisfies HeadText,
  },
  navigation: {
    mainNav: [
      { label: 'Home', to: links.home },
      { label: 'Services', to: links.services },
      { label: 'Research', to: links.research },
      { label: 'Blog', to: links.blog },
      { label: 'Contact', to: links.contact },
    ],
    headerCta: { label: 'Get Started', to: links.contact },
    footerColumns: [
      {
        title: 'Services',
        links: [
          { label: 'Web Development', to: links.services },
          { label: 'AI Voice Systems', to: links.services },
          { label: 'Digital Marketing', to: links.services },
        ],
      },
      {
        title: 'Company',
        links: [
          { label: 'Research', to: links.research },
          { label: 'Blog', to: links.blog },
          { label: 'Contact', to: links.contact },
        ],
      },
    ],
    /** The footer's legal links, under the copyright line on every page. */
    legalLinks: [privacyPolicyLink, { label: 'Terms of Service', to: links.terms }],
    /** Ends the one-line notice beside each form that takes personal data: "… Read our Privacy Policy." */
    privacyNoticePrompt: 'Read our',
    privacyPolicyLink,
  },
  site: {
    tagline:
      'Cutting-edge web development lab specializing in custom websites, AI voice systems, and digital marketing solutions that transform your digital presence.',
    offices,
    specialtiesLabel: (city: string) => `${city} specialties`,
    /** The areas the lab serves, named for the structured data, in the order of data.ts. */
    areaServed: [...siteFacts.areaServed],
    /** Beside a phone number the lab has still to give (data.ts): it is a stand-in that rings nowhere. */
    placeholderPhone: 'example number, not yet in service',
  },
  plans: { plans, formatPrice, priceNote: 'per month' },
};
