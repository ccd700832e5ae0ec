import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import { siteFacts } from '../../shared/content/data';
import type { Attribution, Touch } from '../../shared/lib/attribution';
import { sourceOf } from '../../shared/lib/attribution';
import { readAttribution } from '../analytics/attribution';
import type { MailConfig } from '../config';
import { chatText } from '../outbox/chatText';
import { headerText, plainAddress } from '../outbox/headerText';
import type { OutboxKind } from '../outbox/kinds';
import type { MailMessage } from '../outbox/store';
import { catalogues } from '../pages/catalogues';
import { heardAnswer } from '../pages/heardLabel';
import type { Lead } from './columns';
import { webhookProperties } from './columns';
import { departmentForService } from './departments';
import { leadNotification } from './texts';

/** The e-mail to the department a lead's service belongs to. */
const notification = { name: 'lead-notification', channel: 'mail' } as const satisfies OutboxKind;
/** The signed post of a lead, with a webhook set. */
const webhook = { name: 'lead-webhook', channel: 'webhook' } as const satisfies OutboxKind;
/** What a lead sends, for the composition root to register with the outbox. */
export const leadKinds: readonly OutboxKind[] = [notification, webhook];

/** A lead's messages, each typed by its kind. */
type LeadMessage =
  | { kind: typeof notification.name; leadId: number; mail: MailMessage }
  | { kind: typeof webhook.name; leadId: number; body: unknown };

/** "Friday, March 15, 2024 at 10:00:00 AM EDT": the time in the offices' zone, with its abbreviation. */
const officeTime = new Intl.DateTimeFormat('en-US', {
  timeZone: siteFacts.timeZone,
  dateStyle: 'full',
  timeStyle: 'long',
});

/** The English form's words: the team reads its leads in English. */
const { fieldCopy, serviceOptions } = catalogues.en.contact;
const serviceLabel = (service: string) => serviceOptions.find((option) => option.value === service)?.label;

/** The lead as the webhook posts it (and the CRM's created event): the service by name too, and what is unknown as null. */
export function postedLead(lead: Lead, attribution: Attribution | undefined) {
  return Object.fromEntries(
    webhookProperties.flatMap((property): [string, unknown][] => {
      switch (property) {
        case 'service':
          return [
            [property, lead.service],
            ['serviceLabel', serviceLabel(lead.service) ?? null],
          ];
        case 'source':
        case 'campaign':
          return [[property, lead[property] || null]];
        case 'attribution':
          return [[property, attribution ?? null]];
        default:
          return [[property, lead[property]]];
      }
    }),
  );
}

/**
 * What a committed lead sends: an e-mail to the department its service belongs
 * to, and with a webhook set, a signed post. The visitor gets nothing: an
 * automatic reply would let anyone make the site write to a stranger.
 */
export function leadMessages(mail: Pick<MailConfig, 'inboxes' | 'webhook'>, siteUrl: string) {
  return (lead: Lead): LeadMessage[] => {
    const department = departmentForService(lead.service);
    const service = serviceLabel(lead.service) ?? leadNotification.noService;
    const received = officeTime.format(new Date(lead.receivedAt));
    const subject = headerText(leadNotification.subject(service, headerText(lead.name), headerText(lead.company)));
    const address = plainAddress(lead.email);

    // One line per field: a line break in a name or a company cannot forge a labelled line of its own.
    const fields = CONTACT_FIELDS.filter(({ control }) => control !== 'textarea').map(({ name }) => {
      const value = headerText(name === 'service' ? service : name === 'heard' ? heardAnswer(lead.heard) : lead[name]);
      return `${fieldCopy[name].label}: ${value || leadNotification.notGiven}`;
    });
    // A text area's lines are the visitor's own: they come last, under their label.
    const blocks = CONTACT_FIELDS.filter(({ control }) => control === 'textarea').flatMap(({ name }) => [
      `${fieldCopy[name].label}:`,
      lead[name],
      '',
    ]);
    const attribution = readAttribution(lead.attribution);
    // The visit's values are the visitor's too: each stays on its own line.
    const touch = (value: Touch) => headerText(`${sourceOf(value)}${value.medium ? ` / ${value.medium}` : ''}`);
    const origin = attribution
      ? [
          `${leadNotification.source}: ${touch(attribution.first)}`,
          `${leadNotification.campaign}: ${headerText(attribution.first.campaign) || leadNotification.notGiven}`,
          `${leadNotification.lastTouch}: ${touch(attribution.last)}${attribution.last.campaign ? `, ${headerText(attribution.last.campaign)}` : ''}`,
          `${leadNotification.landing}: ${headerText(attribution.first.landing) || leadNotification.notGiven}`,
          `${leadNotification.formPage}: ${headerText(attribution.formPage) || leadNotification.notGiven}`,
          `${leadNotification.pagesSeen}: ${attribution.pagesSeen}`,
        ]
      : [`${leadNotification.source}: ${leadNotification.notGiven}`];
    const text = [
      leadNotification.intro(siteUrl),
      '',
      ...fields,
      `${leadNotification.received}: ${received}`,
      `${leadNotification.department}: ${department.name}`,
      `${leadNotification.language}: ${leadNotification.languageNames[lead.locale]}`,
      ...origin,
      '',
      ...blocks,
      '--',
      leadNotification.reply(headerText(lead.name)),
      '',
    ].join('\n');

    const messages: LeadMessage[] = [
      {
        kind: notification.name,
        leadId: lead.id,
        mail: {
          to: mail.inboxes[department.id],
          replyTo: address ? { name: headerText(lead.name), address } : undefined,
          subject,
          text,
        },
      },
    ];
    if (mail.webhook) {
      messages.push({
        kind: webhook.name,
        leadId: lead.id,
        body: {
          type: 'lead.created',
          // Chat tools show `text` as markup: the visitor's name and company in it stay words.
          text: chatText(subject),
          department: { id: department.id, name: department.name },
          lead: postedLead(lead, attribution),
        },
      });
    }
    return messages;
  };
}
