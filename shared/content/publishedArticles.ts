/**
 * The published articles as the site serves them now (decision 052): written in the staff console, kept in
 * the server's database. The server sets them here when they change; the browser sets them from the page's
 * data block and asks the server for a language it has not got. Until then they are the build's (the seed:
 * what a fresh install publishes).
 */
import { postIndex } from '../generated/postIndex';
import type { Locale } from '../lib/locale';
import type { BlogPost, CategoryValue, PostFacts } from './blog';

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

/**
 * A page's share of the published articles (decision 090): only the posts it shows, in the blog's order, and
 * their facts, with its language's counts per category over every post. A list of every post would grow
 * each page with the blog; a subset in the same order gives the page's own choices (adjacent, related,
 * featured) the same answers.
 */
export interface PageShare {
  locale: Locale;
  index: readonly PostFacts[];
  posts: readonly BlogPost[];
  counts: Record<CategoryValue, number>;
  /** How many pages the blog has per category in each language: which languages hold a blog page's view, for its alternates. */
  blogPages: Partial<Record<Locale, Record<CategoryValue, number>>>;
}

let published: PublishedPosts = { index: postIndex, posts: {} };
let source: ArticleSource | undefined;
/** The first page's share while its language's whole list is not loaded. */
let share: PageShare | undefined;
/** Each language's whole list once per fetch: a navigation and its page's texts may ask at once. */
const loading = new Map<Locale, Promise<void>>();

export function setArticleSource(next: ArticleSource): void {
  source = next;
}

/** Replaces what is published: the index, and the posts of each language given. */
export function setPublished(next: PublishedPosts): void {
  published = { index: next.index, posts: { ...published.posts, ...next.posts } };
  if (share && next.posts[share.locale]) share = undefined;
}

/** What the first page shows, as it was rendered: its language's lists are that share until the whole ones load. */
export function setPageShare(next: PageShare): void {
  setPublished({ index: next.index, posts: { [next.locale]: next.posts } });
  share = next;
}

/** A language's counts per category over every post while only a page's share of them is loaded. */
export function sharedCounts(locale: Locale): Record<CategoryValue, number> | undefined {
  return share?.locale === locale ? share.counts : undefined;
}

/** A language's blog pages per category while only a page's share of the index is loaded. */
export function sharedBlogPages(locale: Locale): Record<CategoryValue, number> | undefined {
  return share?.blogPages[locale];
}

export function publishedIndex(): readonly PostFacts[] {
  return published.index;
}

/** A language's published posts, or undefined before they are loaded (the catalogue's list stands in). */
export function publishedPosts(locale: Locale): readonly BlogPost[] | undefined {
  return published.posts[locale];
}

/** Loads a language's whole list once, from the source (the browser's: the server's JSON), unless it is loaded. */
export function loadPublishedPosts(locale: Locale): Promise<void> {
  if (!source || (published.posts[locale] && share?.locale !== locale)) return Promise.resolve();
  let load = loading.get(locale);
  if (!load) {
    load = source.posts(locale).then(setPublished);
    // A failed fetch is tried again by the next page that needs it.
    void load.finally(() => loading.delete(locale)).catch(() => undefined);
    loading.set(locale, load);
  }
  return load;
}

/** Loads the whole list of the first page's language, if only its share is loaded: what a navigation renders from. */
export function loadWholePublished(): Promise<void> {
  return share ? loadPublishedPosts(share.locale) : Promise.resolve();
}

/** An article's body from the source, or null for a slug that names none. */
export function loadPublishedBody(locale: Locale, slug: string): Promise<string | null> {
  if (!source) return Promise.resolve(null);
  return source.body(locale, slug);
}
