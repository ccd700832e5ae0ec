/**
 * The newsletter's confirmation e-mail in each language, sent in the language
 * the address signed up in. Only the server reads this module.
 */
import { siteFacts } from '../../shared/content/data';
import { newsletterConfirm as en } from '../../shared/content/i18n/en/newsletterConfirm';
import { newsletterConfirm as es } from '../../shared/content/i18n/es/newsletterConfirm';
import type { LegalFacts } from '../../shared/content/legalFacts';
import { legalFactMark } from '../../shared/content/legalFacts';
import { CONFIRMATION_VALID_DAYS } from '../../shared/content/newsletter';
import type { Locale } from '../../shared/lib/locale';
import { catalogues } from '../pages/catalogues';

interface ConfirmationMail {
  subject: string;
  text: (links: { confirmUrl: string; unsubscribeUrl: string; siteUrl: string }) => string;
}

/** What an e-mail says of the lab in law: its legal name and postal address. */
type SenderFacts = Pick<LegalFacts, 'legalName' | 'postalAddress'>;

/** Who sends, and how to reach it: CASL and CAN-SPAM ask every commercial e-mail, this request for consent included, for the sender's postal address and a contact. */
export const sender = ({ legalName, postalAddress }: SenderFacts, siteUrl: string) =>
  `${siteFacts.name} (${legalName})
${postalAddress}
${siteFacts.email} · ${siteUrl}`;

/**
 * The facts as a campaign e-mail is written with what the settings give: one not set says so in the e-mail's
 * language. Only a test or a preview shows that: the e-mails to readers wait until every fact is set.
 */
export const senderFacts = (lab: Partial<LegalFacts>, locale: Locale): SenderFacts => {
  const { notPublished } = catalogues[locale].legal;
  return { legalName: lab.legalName ?? notPublished, postalAddress: lab.postalAddress ?? notPublished };
};

/**
 * The facts as a confirmation is stored: their marks, filled in by the outbox when it sends it
 * (confirmationHooks), so that one queued before the settings were given names the lab all the same.
 */
const senderMarks: SenderFacts = {
  legalName: legalFactMark('legalName'),
  postalAddress: legalFactMark('postalAddress'),
};

export const confirmationMails: Readonly<Record<Locale, ConfirmationMail>> = {
  en: {
    subject: `Confirm your subscription to ${siteFacts.name}'s articles`,
    text: ({ confirmUrl, unsubscribeUrl, siteUrl }) =>
      `Hello,

We received a request to send new articles from ${siteFacts.name} to this address.
To confirm, open this link and press "${en.ask.button}" (it works once, for ${CONFIRMATION_VALID_DAYS} days):

${confirmUrl}

Not you? Ignore this e-mail: without your confirmation we will not add you to the list. If someone signs this
address up again, you may get one more request like this one.
To unsubscribe, so that this address gets no e-mail from us at all: ${unsubscribeUrl}

${sender(senderMarks, siteUrl)}
`,
  },
  es: {
    subject: `Confirme su suscripción a los artículos de ${siteFacts.name}`,
    text: ({ confirmUrl, unsubscribeUrl, siteUrl }) =>
      `Hola:

Recibimos una solicitud para enviar a esta dirección los artículos nuevos de ${siteFacts.name}.
Para confirmar, abra este enlace y oprima «${es.ask.button}» (es válido una sola vez durante ${CONFIRMATION_VALID_DAYS} días):

${confirmUrl}

¿No fue usted? Ignore este correo: sin su confirmación no lo agregaremos a la lista. Si alguien vuelve a inscribir
esta dirección, puede recibir otra solicitud como esta.
Si no quiere recibir ningún correo nuestro en esta dirección, use este enlace: ${unsubscribeUrl}

${sender(senderMarks, siteUrl)}
`,
  },
};
