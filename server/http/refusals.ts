/**
 * What the server's small pages say, written without React (server/http/errors.ts):
 * a form post refused before its body was read, the page shown when
 * rendering itself failed, and what no route answers. One set per language.
 */
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { common as esCommon } from '../../shared/content/i18n/es/common';
import type { CatalogueCommon } from '../../shared/content/i18n/types';
import type { Locale } from '../../shared/lib/locale';
import { localeTags } from '../../shared/lib/locale';
import { countOf } from '../../shared/lib/plural';

export interface RefusalTexts {
  crossSite: string;
  rateLimited: (retryAfterSeconds: number) => string;
  mediaType: string;
  tooLarge: string;
  notice: { eyebrow: (status: number) => string; title: string; back: string; backLabel: string };
  failure: { eyebrow: string; title: string; text: string; home: string; reference: (id: string) => string };
  /** The not-found page's own words. */
  notFound: Pick<CatalogueCommon['notFound'], 'eyebrow' | 'title' | 'text' | 'home'>;
}

export const refusalTexts: Readonly<Record<Locale, RefusalTexts>> = {
  en: {
    crossSite: 'Forms can only be sent from this site.',
    rateLimited: (seconds) => `Too many requests. Please try again in ${seconds} seconds.`,
    mediaType: 'Send the form as application/json or application/x-www-form-urlencoded (UTF-8).',
    tooLarge: 'The request body is too large.',
    notice: {
      eyebrow: (status) => `Error ${status}`,
      title: 'Nothing was sent',
      back: "Use your browser's Back button to return to the form: what you typed is still there.",
      backLabel: 'Back to the form',
    },
    failure: {
      eyebrow: 'Error 500',
      title: 'We hit an unexpected problem',
      text: 'The page could not be shown. Please try again in a moment.',
      home: 'Back to home',
      reference: (id) => `If you write to us about it, quote this reference: ${id}`,
    },
    notFound: enCommon.notFound,
  },
  es: {
    crossSite: 'Los formularios solo se pueden enviar desde este sitio.',
    rateLimited: (seconds) =>
      `Demasiadas solicitudes. Inténtelo de nuevo en ${countOf(localeTags.es.intl, seconds, { one: 'segundo', other: 'segundos' })}.`,
    mediaType: 'Envíe el formulario como application/json o application/x-www-form-urlencoded (UTF-8).',
    tooLarge: 'La solicitud es demasiado grande.',
    notice: {
      eyebrow: (status) => `Error ${status}`,
      title: 'No se envió nada',
      back: 'Use el botón Atrás de su navegador para volver al formulario: lo que escribió sigue ahí.',
      backLabel: 'Volver al formulario',
    },
    failure: {
      eyebrow: 'Error 500',
      title: 'Tuvimos un problema inesperado',
      text: 'No pudimos mostrar la página. Inténtelo de nuevo en un momento.',
      home: 'Volver al inicio',
      reference: (id) => `Si nos escribe sobre esto, indique esta referencia: ${id}`,
    },
    notFound: esCommon.notFound,
  },
};
