/**
 * Loading a legal page's text: the map of the texts' chunks travels with the
 * legal pages, not in the entry.
 */
import { legalBodies } from '../generated/legalBodies';
import { legalBodyChunk } from '../lib/legal';
import { loadBody } from '../lib/loadChunk';
import type { Locale } from '../lib/locale';
import type { PageLoader } from '../lib/pageLoader';
import { heldTextLoader } from '../lib/staticSections';

/** A legal page's text (HTML the build rendered from its Markdown) in a language, loaded from its own chunk. */
export function loadLegalBody(locale: Locale, name: string): Promise<string | null> {
  return loadBody(legalBodies[locale], name, (key) => legalBodyChunk(locale, key));
}

/** A legal page module's loader: its text in the URL's language, held on a first visit (see StaticBody). */
export function legalLoader(name: string): PageLoader {
  return heldTextLoader(({ locale }) => loadLegalBody(locale, name));
}
