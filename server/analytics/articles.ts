/**
 * The published articles as the analytics count and show them (decision 078): each one's path in every language
 * it is published in and its title, from what the site publishes now (an article published from the console
 * too, whenever it was).
 */
import type { PostFacts } from '../../shared/content/blog';
import { publishedIndex, publishedPosts } from '../../shared/content/publishedArticles';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { postPath } from '../../shared/model/articles';

export interface PublishedArticle {
  id: number;
  /** Its title in the first language it is published in (English when it is). */
  title: string;
  /** Its path in each language it is published in. */
  paths: Partial<Record<Locale, string>>;
}

const pathsOf = (post: PostFacts): Partial<Record<Locale, string>> =>
  Object.fromEntries(
    locales.flatMap((locale) => {
      const slug = post.slugs[locale];
      return slug ? [[locale, postPath({ slug, locale })]] : [];
    }),
  );

/** What every article's path holds, in every language ("/blog/", after the language's prefix). */
export const ARTICLE_PATH_PART = postPath({ slug: '', locale: locales[0] });

let made: { index: readonly PostFacts[]; paths: Set<string> } | undefined;

/** Whether a path is a published article's: a view of it is counted under its own path too. */
export function isArticlePath(path: string): boolean {
  const index = publishedIndex();
  if (made?.index !== index) made = { index, paths: new Set(index.flatMap((post) => Object.values(pathsOf(post)))) };
  return made.paths.has(path);
}

/** Every article published now, newest first, with its title and paths. */
export function publishedArticles(): PublishedArticle[] {
  // Each language's titles by id, read once: a thousand articles looked up in a thousand posts each add up.
  const titles = locales.map((locale) => {
    const byId = new Map<number, string>();
    for (const { id, title } of publishedPosts(locale) ?? []) if (!byId.has(id)) byId.set(id, title);
    return byId;
  });
  return publishedIndex().map((post) => {
    const paths = pathsOf(post);
    const title = titles.map((byId) => byId.get(post.id)).find(Boolean);
    return { id: post.id, title: title ?? Object.values(paths)[0]!, paths };
  });
}
