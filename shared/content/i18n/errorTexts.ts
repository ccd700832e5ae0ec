/**
 * The few words that must show without any catalogue: the error messages
 * shown when a chunk, perhaps the catalogue itself, could not load. Every
 * language's are in the main bundle: a few hundred bytes each.
 */
import type { Locale } from '../../lib/locale';

export interface ErrorTexts {
  errors: {
    eyebrow: string;
    retry: string;
    home: string;
    chunk: { title: string; text: string };
    page: { title: string; text: string };
    site: { title: string; text: string };
  };
}

export const errorTexts: Readonly<Record<Locale, ErrorTexts>> = {
  en: {
    errors: {
      eyebrow: 'Something went wrong',
      retry: 'Try again',
      home: 'Back to home',
      chunk: {
        title: 'This page could not load',
        text: 'Part of the site did not arrive, perhaps because of a weak connection or a new version of the site. Please try again.',
      },
      page: {
        title: 'We hit an unexpected problem',
        text: 'The page could not be shown. Please try again, or go back to the home page.',
      },
      site: {
        title: 'We hit an unexpected problem',
        text: 'The site could not be shown. Please try again in a moment.',
      },
    },
  },
  es: {
    errors: {
      eyebrow: 'Algo salió mal',
      retry: 'Intentar de nuevo',
      home: 'Volver al inicio',
      chunk: {
        title: 'No se pudo cargar esta página',
        text: 'Una parte del sitio no llegó, quizá por una conexión débil o por una versión nueva del sitio. Inténtelo de nuevo.',
      },
      page: {
        title: 'Tuvimos un problema inesperado',
        text: 'No pudimos mostrar la página. Inténtelo de nuevo o vuelva a la página de inicio.',
      },
      site: {
        title: 'Tuvimos un problema inesperado',
        text: 'No pudimos mostrar el sitio. Inténtelo de nuevo en un momento.',
      },
    },
  },
};
