import type { Locale } from './locale';
import { defaultLocale } from './locale';

/** The build manifest's name for the chunk holding a legal page's text: "legal/privacy", "legal/es/privacy". */
export function legalBodyChunk(locale: Locale, name: string): string {
  return `legal/${locale === defaultLocale ? '' : `${locale}/`}${name}`;
}
