/**
 * Loading an article's body: apart from lib/articles.ts, which the route table
 * imports, so the map of every body's chunk travels with the article page, not in the entry.
 */
import { postBodies } from '../generated/postBodies';
import { loadBody } from '../lib/loadChunk';
import type { Locale } from '../lib/locale';
import { postBodyChunk } from './articles';

/**
 * An article's rendered body (sanitized HTML from the build) in a language,
 * loaded from its own chunk; null for a slug that names no article there.
 */
export function loadArticleBody(locale: Locale, slug: string | undefined): Promise<string | null> {
  return loadBody(postBodies[locale], slug, (key) => postBodyChunk({ slug: key, locale }));
}
