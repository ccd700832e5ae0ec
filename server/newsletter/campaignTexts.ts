/**
 * The fixed words of a campaign e-mail in each language: why the reader gets
 * it, how to stop it, and the article link's label. Only the server reads this module.
 */
import { siteFacts } from '../../shared/content/data';
import type { Locale } from '../../shared/lib/locale';

interface CampaignWords {
  /** Why this address gets the e-mail: CASL asks for the consent it rests on. */
  why: string;
  unsubscribe: string;
  /** The one-click link's promise, beside it. */
  unsubscribeNote: string;
  readArticle: string;
}

export const campaignWords: Readonly<Record<Locale, CampaignWords>> = {
  en: {
    why: `You get this e-mail because you subscribed to new articles from ${siteFacts.name} and confirmed your address.`,
    unsubscribe: 'Unsubscribe',
    unsubscribeNote: 'no sign-in needed; we then send this address no more newsletters',
    readArticle: 'Read the article',
  },
  es: {
    why: `Recibe este correo porque se suscribió a los artículos nuevos de ${siteFacts.name} y confirmó su dirección.`,
    unsubscribe: 'Cancelar la suscripción',
    unsubscribeNote: 'sin iniciar sesión; después no enviaremos más boletines a esta dirección',
    readArticle: 'Leer el artículo',
  },
};
