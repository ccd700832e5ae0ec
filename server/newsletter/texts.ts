/**
 * The newsletter's confirmation e-mail in each language, sent in the language
 * the address signed up in. Only the server reads this module.
 */
import { siteFacts } from '../../shared/content/data';
import { CONFIRMATION_VALID_DAYS } from '../../shared/content/newsletter';
import type { Locale } from '../../shared/lib/locale';

interface ConfirmationMail {
  subject: string;
  text: (links: { confirmUrl: string; unsubscribeUrl: string; siteUrl: string }) => string;
}

export const confirmationMails: Readonly<Record<Locale, ConfirmationMail>> = {
  en: {
    subject: `Confirm your subscription to ${siteFacts.name}'s articles`,
    text: ({ confirmUrl, unsubscribeUrl, siteUrl }) =>
      `Hello,

Someone, hopefully you, asked to receive new articles from ${siteFacts.name} at this address.
To confirm, open this link (it works once, for ${CONFIRMATION_VALID_DAYS} days):

${confirmUrl}

If it was not you, ignore this e-mail: without your confirmation we will not write to you again.
To stop any e-mail from us to this address: ${unsubscribeUrl}

${siteFacts.name}
${siteUrl}
`,
  },
  es: {
    subject: `Confirme su suscripción a los artículos de ${siteFacts.name}`,
    text: ({ confirmUrl, unsubscribeUrl, siteUrl }) =>
      `Hola:

Alguien, ojalá usted, pidió recibir en esta dirección los artículos nuevos de ${siteFacts.name}.
Para confirmar, abra este enlace (sirve una sola vez, durante ${CONFIRMATION_VALID_DAYS} días):

${confirmUrl}

Si no fue usted, ignore este correo: sin su confirmación no volveremos a escribirle.
Para no recibir ningún correo nuestro en esta dirección: ${unsubscribeUrl}

${siteFacts.name}
${siteUrl}
`,
  },
};
