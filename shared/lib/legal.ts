import { legalBodies } from '../content/generated/legalBodies';
import { loadBody } from './loadChunk';
import type { Locale } from './locale';
import { defaultLocale } from './locale';

/** The build manifest's name for the chunk holding a legal page's text: "legal/privacy", "legal/es/privacy". */
export function legalBodyChunk(locale: Locale, name: string): string {
  return `legal/${locale === defaultLocale ? '' : `${locale}/`}${name}`;
}

/** A legal page's text (HTML the build rendered from its Markdown) in a language, loaded from its own chunk. */
export function loadLegalBody(locale: Locale, name: string): Promise<string | null> {
  return loadBody(legalBodies[locale], name, (key) => legalBodyChunk(locale, key));
}
