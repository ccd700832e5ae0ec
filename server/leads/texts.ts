/**
 * The e-mail the team gets for each contact form lead. The field labels are
 * the form's own (fieldCopy) and the service is named as the form names it.
 */
import { siteFacts } from '../../shared/content/data';
import { languageNames } from '../lib/languageNames';

export const leadNotification = {
  /** "New lead: Marketing with Ads — Jane Smith (Acme)"; the company only when given. */
  subject: (service: string, name: string, company: string) =>
    `New lead: ${service} — ${name}${company ? ` (${company})` : ''}`,
  noService: 'No service chosen',
  notGiven: '(not given)',
  intro: (siteUrl: string) => `A visitor sent this message through the contact form on ${siteUrl}.`,
  received: 'Received',
  department: 'Routed to',
  /** The language the visitor wrote in: the answer should be in it. */
  language: 'Language',
  languageNames,
  /** Where the visit came from (decision 047). */
  source: 'Source',
  campaign: 'Campaign',
  lastTouch: 'Last touch',
  landing: 'Landing page',
  formPage: 'Sent from',
  pagesSeen: 'Pages seen before',
  reply: (name: string) =>
    `Reply to this e-mail to answer ${name} directly. The contact page promises an answer within ${siteFacts.responseTimes.email}.`,
} as const;
