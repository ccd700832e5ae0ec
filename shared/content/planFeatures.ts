/** What each plan includes: only the services page lists it, so it is apart from the plans every page's structured data names. */
import type { PlanId } from './data';

export const planFeatures: Readonly<Record<PlanId, readonly string[]>> = {
  'web-subscription': [
    'Custom responsive design',
    'Up to 10 pages',
    'Hosting and SSL certificate',
    'Monthly content updates',
    'Basic SEO setup',
    'Contact forms and maps',
    'Security monitoring and backups',
    'Email technical support',
  ],
  'ai-voice-systems': [
    '24/7 AI call answering',
    'Natural, human-like voice',
    'Appointment booking',
    'Lead qualification',
    'Call transcripts and summaries',
    'CRM integration',
    'English and Spanish support',
    'Monthly performance reports',
  ],
  'marketing-ads': [
    'Google Ads management',
    'Meta and Instagram campaigns',
    'Audience research and targeting',
    'Ad copy and creatives',
    'Landing page optimization',
    'Conversion tracking',
    'A/B testing',
    'Monthly strategy call and report',
  ],
  'all-in-one': [
    'Everything in Web Subscription',
    'Everything in AI Voice Systems',
    'Everything in Marketing with Ads',
    'Dedicated account manager',
    'Priority support',
    'Advanced analytics dashboard',
    'Quarterly growth workshops',
    'Custom integrations',
  ],
};
