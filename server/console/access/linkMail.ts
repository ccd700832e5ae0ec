/** The e-mails that carry an invitation or a reset link, in the person's language (decision 070). */
import { siteFacts } from '../../../shared/content/data';
import { retention } from '../../../shared/content/retention';
import type { Locale } from '../../../shared/lib/locale';
import type { OutboxKind } from '../../outbox/kinds';
import type { NewOutboxMessage } from '../../outbox/store';
import type { LinkPurpose } from './links';

/** The outbox kind of both e-mails: the worker sends it once app.ts registers it. */
export const staffLinkKind = { name: 'staff-link', channel: 'mail' } as const satisfies OutboxKind;

/** The page a link opens: it shows the form that sets the password. */
export const PASSWORD_PATH = '/staff/password';

interface LinkMailFacts {
  name: string;
  url: string;
  /** Who invited them (an invitation only). */
  by: string;
}

const consoleName = `the ${siteFacts.name} staff console`;
const consolaName = `la consola del personal de ${siteFacts.name}`;

const texts: Record<Locale, Record<LinkPurpose, { subject: string; text: (facts: LinkMailFacts) => string }>> = {
  en: {
    invite: {
      subject: `You are invited to ${consoleName}`,
      text: ({ name, url, by }) => `Hello ${name},

${by} invited you to ${consoleName}. To choose your password, open this link.
It works once, for ${retention.staffInviteHours} hours:

${url}

Once your password is set, sign in at the same address with this e-mail address.
Not expecting this? Ignore this e-mail: without a password, the invitation opens nothing.`,
    },
    reset: {
      subject: `Reset your password for ${consoleName}`,
      text: ({ name, url }) => `Hello ${name},

Someone asked to reset the password of this address in ${consoleName}. To choose a new one, open this link.
It works once, for ${retention.staffResetMinutes} minutes:

${url}

Setting a new password signs you out everywhere you were signed in.
Did not ask? Ignore this e-mail: your password stays as it is.`,
    },
  },
  es: {
    invite: {
      subject: `Le invitamos a ${consolaName}`,
      text: ({ name, url, by }) => `Hola, ${name}:

${by} le invitó a ${consolaName}. Para elegir su contraseña, abra este enlace.
Sirve una sola vez, durante ${retention.staffInviteHours} horas:

${url}

Con su contraseña elegida, inicie sesión en la misma dirección con este correo.
¿No lo esperaba? Ignore este correo: sin contraseña, la invitación no abre nada.`,
    },
    reset: {
      subject: `Restablezca su contraseña de ${consolaName}`,
      text: ({ name, url }) => `Hola, ${name}:

Alguien pidió restablecer la contraseña de esta dirección en ${consolaName}. Para elegir una nueva, abra este enlace.
Sirve una sola vez, durante ${retention.staffResetMinutes} minutos:

${url}

Al elegir una contraseña nueva se cierran todas sus sesiones abiertas.
¿No lo pidió? Ignore este correo: su contraseña sigue igual.`,
    },
  },
};

/** The person's language for an e-mail: Spanish when they take calls in Spanish and not in English. */
const mailLocale = (languages: readonly string[]): Locale =>
  languages.includes('es') && !languages.includes('en') ? 'es' : 'en';

interface LinkMail {
  purpose: LinkPurpose;
  to: string;
  name: string;
  languages: readonly string[];
  token: string;
  siteUrl: string;
  by?: string;
}

/** The e-mail of a link: the link itself is blanked from the outbox's copy once sent. */
export function linkMessage({ purpose, to, name, languages, token, siteUrl, by = '' }: LinkMail): NewOutboxMessage {
  const url = `${siteUrl}${PASSWORD_PATH}?token=${token}`;
  const text = texts[mailLocale(languages)][purpose];
  return {
    kind: staffLinkKind.name,
    secret: url,
    mail: { to, subject: text.subject, text: text.text({ name: name || to, url, by }) },
  };
}
