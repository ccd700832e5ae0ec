/**
 * The hint offered to a visitor whose browser prefers another language, written in that language: a few words each, in the
 * main bundle, not the catalogue, since the page has only its own language's catalogue loaded.
 */
import type { Locale } from '../../lib/locale';

export const hintTexts: Readonly<Record<Locale, { text: string; link: string; dismiss: string }>> = {
  en: { text: 'This page is also available in English.', link: 'Read it in English', dismiss: 'Dismiss' },
  es: { text: 'Esta página también está disponible en español.', link: 'Leerla en español', dismiss: 'Cerrar' },
};
