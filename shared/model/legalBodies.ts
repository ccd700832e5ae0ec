/**
 * Loading a legal page's text: the map of the texts' chunks travels with the
 * legal pages, not in the entry, and so does what fills in the lab's legal
 * facts, which the text quotes by their marks (the server's settings).
 */
import { loadedCatalogue } from '../content/i18n/catalogue';
import type { LegalFacts } from '../content/legalFacts';
import { fillLegalFacts, LEGAL_FACTS_PATH } from '../content/legalFacts';
import { legalBodies } from '../generated/legalBodies';
import { escapeHtml } from '../lib/html';
import { legalBodyChunk } from '../lib/legal';
import { loadBody } from '../lib/loadChunk';
import type { Locale } from '../lib/locale';
import type { PageLoader } from '../lib/pageLoader';
import { heldTextLoader } from '../lib/staticSections';

/** The lab's legal facts: the server's settings where it renders (serveLegalFacts), its JSON in the browser. */
let facts: Promise<Partial<LegalFacts>> | undefined;
/** Each text with its facts filled in, by language and name: one promise per text, as React's use() needs. */
const filled = new Map<string, Promise<string | null>>();

/** The server's side: the facts its settings give, for every legal page it renders from now on. */
export function serveLegalFacts(given: Partial<LegalFacts>): void {
  facts = Promise.resolve(given);
  filled.clear();
}

/** The browser asks the server once a visit, and again at the next navigation if that failed. */
function legalFacts(): Promise<Partial<LegalFacts>> {
  if (!facts) {
    facts = fetch(LEGAL_FACTS_PATH).then((response) => {
      if (!response.ok) throw new Error(`${LEGAL_FACTS_PATH} answered ${response.status}`);
      return response.json() as Promise<Partial<LegalFacts>>;
    });
    facts.catch(() => (facts = undefined));
  }
  return facts;
}

/**
 * A legal page's text (HTML the build rendered from its Markdown) in a language, loaded from its own chunk, with the
 * lab's legal facts in it; a fact not set says so, in the page's words (loaded with the page, before its text).
 */
export function loadLegalBody(locale: Locale, name: string): Promise<string | null> {
  const key = `${locale}/${name}`;
  let text = filled.get(key);
  if (!text) {
    text = Promise.all([
      loadBody(legalBodies[locale], name, (body) => legalBodyChunk(locale, body)),
      legalFacts(),
    ]).then(([html, given]) => {
      const { notPublished } = loadedCatalogue(locale).legal;
      return html && fillLegalFacts(html, (fact) => escapeHtml(given[fact] ?? notPublished));
    });
    text.catch(() => filled.delete(key));
    filled.set(key, text);
  }
  return text;
}

/** A legal page module's loader: its text in the URL's language, held on a first visit (see StaticBody). */
export function legalLoader(name: string): PageLoader {
  return heldTextLoader(({ locale }) => loadLegalBody(locale, name));
}
