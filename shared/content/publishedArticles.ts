/**
 * The published articles as the site serves them now (decision 052): written in the staff console, kept in
 * the server's database. The server sets them here when they change; the browser sets them from the page's
 * data block and asks the server for a language it has not got. Until then they are the build's (the seed:
 * what a fresh install publishes).
 */
import { postIndex } from '../generated/postIndex';
import type { Locale } from '../lib/locale';
import type { BlogPost, PostFacts } from './blog';

export interface PublishedPosts {
  /** Each post's facts and its slug in every language it is published in, newest first. */
  index: readonly PostFacts[];
  /** The posts of the languages loaded, newest first. */
  posts: Partial<Record<Locale, readonly BlogPost[]>>;
}

/** Where the published articles and their bodies come from on this side (the server's store, the browser's fetch). */
export interface ArticleSource {
  /** A language's posts and the index. */
  posts(locale: Locale): Promise<PublishedPosts>;
  /** An article's body as HTML, or null for a slug published in no such language. */
  body(locale: Locale, slug: string): Promise<string | null>;
}

let published: PublishedPosts = { index: postIndex, posts: {} };
let source: ArticleSource | undefined;

export function setArticleSource(next: ArticleSource): void {
  source = next;
}

/** Replaces what is published: the index, and the posts of each language given. */
export function setPublished(next: PublishedPosts): void {
  published = { index: next.index, posts: { ...published.posts, ...next.posts } };
}

export function publishedIndex(): readonly PostFacts[] {
  return published.index;
}

/** A language's published posts, or undefined before they are loaded (the catalogue's list stands in). */
export function publishedPosts(locale: Locale): readonly BlogPost[] | undefined {
  return published.posts[locale];
}

/** Loads a language's posts once, from the source (the browser's: the server's JSON). */
export async function loadPublishedPosts(locale: Locale): Promise<void> {
  if (!source || published.posts[locale]) return;
  setPublished(await source.posts(locale));
}

/** An article's body from the source, or null for a slug that names none. */
export function loadPublishedBody(locale: Locale, slug: string): Promise<string | null> {
  if (!source) return Promise.resolve(null);
  return source.body(locale, slug);
}
