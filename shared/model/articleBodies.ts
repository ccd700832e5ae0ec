/**
 * Loading an article's body: apart from shared/model/articles.ts, which the route table imports, so what
 * loads the bodies travels with the article page, not in the entry.
 */
import { loadPublishedBody } from '../content/publishedArticles';
import type { Locale } from '../lib/locale';

/**
 * An article's rendered body (sanitized HTML from the server's store) in a language; null for a slug
 * that names no article there.
 */
export function loadArticleBody(locale: Locale, slug: string | undefined): Promise<string | null> {
  return slug ? loadPublishedBody(locale, slug) : Promise.resolve(null);
}
