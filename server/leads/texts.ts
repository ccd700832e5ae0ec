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

/** The e-mails to a lead's owner (decision 079): no message text, which stays in the console. */
export const ownerMail = {
  assignedSubject: (name: string) => `Lead assigned to you: ${name}`,
  assignedText: ({ name, link }: { name: string; link: string }) =>
    [
      `A new lead from ${name} is yours, by the lab's assignment rule. Read it and answer it in the console:`,
      `  ${link}`,
      '',
      `The contact page promises an answer within ${siteFacts.responseTimes.email}.`,
      '',
    ].join('\n'),
  /** A lead still waiting for the staff's first action, to its owner, then to the lab's owners (decision 080). */
  unansweredSubject: (name: string, minutes: number) => `Lead waiting ${minutes} office minutes: ${name}`,
  unansweredText: ({ name, minutes, owner, link }: { name: string; minutes: number; owner: string; link: string }) =>
    [
      `The lead from ${name} has waited ${minutes} minutes of office hours with nobody acting on it (no status change,`,
      `no note). ${owner ? `Its owner is ${owner}.` : 'Nobody owns it.'} Answer it, then mark it contacted or add a note:`,
      `  ${link}`,
      '',
    ].join('\n'),
  dueSubject: (name: string) => `Next step due: ${name}`,
  dueText: ({ name, step, due, link }: { name: string; step: string; due: string; link: string }) =>
    [`The next step you set for the lead from ${name} is due (${due}):`, `  ${step}`, '', `The lead: ${link}`, ''].join(
      '\n',
    ),
} as const;
