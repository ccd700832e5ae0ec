import type { BlogCategory, BlogPost, CategoryValue, PostFacts, SubscribeOutcome } from '../content/blog';
import { categoryValues, POSTS_PER_PAGE, RECENT_POSTS_COUNT, subscribeOutcomes } from '../content/blog';
import type { HeadText } from '../content/head';
import type { Catalogue } from '../content/i18n/types';
import { NEWSLETTER_ANCHOR } from '../content/newsletter';
import { publishedIndex, sharedBlogPages } from '../content/publishedArticles';
import type { Locale } from '../lib/locale';
import { localePrefix } from '../lib/locale';

/** What a post needs for the blog's selection: the route table's index of posts has only this (and no words). */
type Selectable = Pick<BlogPost, 'featured' | 'category'>;

/** What the blog page shows for one category and its pages. */
export interface BlogView<P extends Selectable = BlogPost> {
  /** Always on top, whatever the category. */
  featured: P | undefined;
  /** The grid: the category's non-featured posts on the pages shown, from `firstPage` to `page`. */
  posts: P[];
  /** How many of the category's non-featured posts come before the grid's first (on the pages before it). */
  before: number;
  /** How many non-featured posts the category has in all. */
  total: number;
  /** The last page shown (the URL's), clamped to the pages there are. */
  page: number;
  /** The first page shown: the URL's own, or with script the page the reader started from (decision 090). */
  firstPage: number;
  pageCount: number;
  /** The page before the first shown, or null on the first. */
  previousPage: number | null;
  /** The page "Load More Posts" adds, or null when the last is shown. */
  nextPage: number | null;
  /** The first post that page adds: where the reader lands after "Load More Posts". */
  firstOfNextPage: P | null;
}

export interface BlogQuery {
  category: CategoryValue;
  page: number;
  /** The first page the grid shows (the pages "Load More Posts" added in place start there); the URL's page without it. */
  from?: number;
}

/**
 * The one selection rule of the blog (spec section 4): the featured post
 * stays on top and out of the grid whatever the filter; the grid holds the
 * selected category's other posts, a page at a time: the URL's page alone, or
 * the pages "Load More Posts" added to it in place.
 */
export function selectBlogView<P extends Selectable>(
  posts: readonly P[],
  { category, page, from = page }: BlogQuery,
  pageSize: number = POSTS_PER_PAGE,
): BlogView<P> {
  // The newest featured post is the one on top; another marked featured stays in the grid.
  const featured = posts.find((post) => post.featured);
  const matching = posts.filter((post) => post !== featured && (category === 'all' || post.category === category));
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const last = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const first = Math.min(Math.max(1, Math.floor(from)), last);
  const before = (first - 1) * pageSize;
  const end = last * pageSize;
  return {
    featured,
    posts: matching.slice(before, end),
    before,
    total: matching.length,
    page: last,
    firstPage: first,
    pageCount,
    previousPage: first > 1 ? first - 1 : null,
    nextPage: last < pageCount ? last + 1 : null,
    firstOfNextPage: matching[end] ?? null,
  };
}

/**
 * What "Load More Posts" leaves in the history entry it adds with script: the first page the grid shows, so
 * the entry shows the pages added in place (back and forward too), while its URL names the last of them.
 */
export interface BlogEntryState {
  blogFrom: number;
}

/** The first page a history entry's state says the grid shows, or undefined (the URL's page alone). */
export function shownFrom(state: unknown): number | undefined {
  const from = (state as Partial<BlogEntryState> | null)?.blogFrom;
  return typeof from === 'number' ? from : undefined;
}

/** What a view of the blog shows of its language's posts: the featured one, the grid and the recent ones: the posts it links to. */
export function blogPagePosts(posts: readonly BlogPost[], search: URLSearchParams): (BlogPost | null | undefined)[] {
  const view = selectBlogView(posts, parseBlogQuery(search));
  return [view.featured, ...view.posts, ...recentPosts(posts)];
}

/** Posts per category over every post, the featured one included; "all" counts them all. */
export function countByCategory(posts: readonly BlogPost[]): Record<CategoryValue, number> {
  const counts = Object.fromEntries(categoryValues.map((value) => [value, 0])) as Record<CategoryValue, number>;
  for (const post of posts) counts[post.category] += 1;
  counts.all = posts.length;
  return counts;
}

/** The sidebar's Recent Posts: the first non-featured posts, whatever the filter. */
export function recentPosts(posts: readonly BlogPost[], count: number = RECENT_POSTS_COUNT): BlogPost[] {
  const featured = posts.find((post) => post.featured);
  return posts.filter((post) => post !== featured).slice(0, count);
}

/** A category's name in a language's list of them. */
export function categoryLabel(value: CategoryValue, categories: readonly BlogCategory[]): string {
  return categories.find((category) => category.value === value)?.label ?? value;
}

/** "Dr. Sarah Chen" as "SC": the avatar of a post's author. */
export function authorInitials(author: string): string {
  const words = author.split(/\s+/).filter((word) => word && !/\.$/.test(word));
  return words
    .filter((_, index) => index === 0 || index === words.length - 1)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A category from the URL; anything unknown (or missing) is "all". */
export function parseCategory(value: string | null | undefined): CategoryValue {
  return categoryValues.find((category) => category === value) ?? 'all';
}

/** A page number from the URL: a positive whole number, else 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  return { category: parseCategory(params.get('category')), page: parsePage(params.get('page')) };
}

/** Each index's page counts, per language: the server reads them for every request of a page past the first. */
const pageCounts = new WeakMap<readonly PostFacts[], Partial<Record<Locale, Record<CategoryValue, number>>>>();

/** How many pages the blog has per category in a language, over its published posts (the index's facts). */
export function blogPageCounts(index: readonly PostFacts[], locale: Locale): Record<CategoryValue, number> {
  const known = pageCounts.get(index) ?? {};
  pageCounts.set(index, known);
  if (known[locale]) return known[locale];
  const written = index.filter((facts) => facts.slugs[locale] !== undefined);
  return (known[locale] = Object.fromEntries(
    categoryValues.map((category) => [category, selectBlogView(written, { category, page: 1 }).pageCount]),
  ) as Record<CategoryValue, number>);
}

/** Whether a page of a category's grid exists in a language: the first always does (decision 090). */
function hasBlogPage(locale: Locale, { category, page }: BlogQuery): boolean {
  if (page === 1) return true;
  const counts = sharedBlogPages(locale) ?? blogPageCounts(publishedIndex(), locale);
  return page <= counts[category];
}

/** The page the URL asks for, or null when it names none: only a whole number from 1 (no sign, no leading zero). */
function askedPage(params: URLSearchParams): BlogQuery | null {
  const asked = params.get('page');
  return asked === null || /^[1-9]\d{0,3}$/.test(asked) ? parseBlogQuery(params) : null;
}

/**
 * What the blog page shows for a query, as a string: the category, the page
 * and the sign-up outcome. Two URLs with the same key render the same page;
 * the default view's is empty, as for a page that reads no query (its key is
 * then its path alone). A page that is not a whole number from 1 to the
 * category's last in the page's language names no view: false, the not-found
 * page (decision 090).
 */
export function blogViewKey(params: URLSearchParams, locale: Locale): string | false {
  const query = askedPage(params);
  if (!query || !hasBlogPage(locale, query)) return false;
  const href = blogHref(query);
  const outcome = parseSubscribeOutcome(params.get('subscribe')) ?? '';
  return href === blogHref() && !outcome ? '' : `${href}|${outcome}`;
}

/** The query of a blog view in another language: the same category and page, or undefined where it has no such page. */
export function blogAlternateQuery(params: URLSearchParams, locale: Locale): string | undefined {
  const query = askedPage(params);
  return query && hasBlogPage(locale, query) ? blogCanonicalQuery(params) : undefined;
}

/** A blog view's head: from the second page on, its title and description say which page it is. */
export function blogHead<H extends HeadText>(head: H, params: URLSearchParams, words: Catalogue['blog']): H {
  const { page } = parseBlogQuery(params);
  return page < 2 ? head : { ...head, ...words.pageHead(page) };
}

/** A blog view's canonical query: its category and page, each only when not the default, so "?page=2" is its own URL. */
export function blogCanonicalQuery(params: URLSearchParams): string {
  return blogHref(parseBlogQuery(params)).slice('/blog'.length);
}

/** The URL of a blog view: "/blog" for the default, the category and page only when they differ from it. */
export function blogHref({ category = 'all', page = 1 }: Partial<BlogQuery> = {}, hash = ''): string {
  const params = new URLSearchParams();
  if (category !== 'all') params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/blog${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

/** Where the newsletter box posts, as a plain form and with fetch. */
export const SUBSCRIBE_ENDPOINT = '/api/subscribe';

/** A language's blog feeds, beside its blog page: offered from the head (rel="alternate") of every page in that language and served by the server. */
export function blogFeeds(locale: Locale, title: string) {
  const blog = `${localePrefix(locale)}/blog`;
  return [
    { path: `${blog}/rss.xml`, type: 'application/rss+xml', title: `${title} (RSS)` },
    { path: `${blog}/atom.xml`, type: 'application/atom+xml', title: `${title} (Atom)` },
  ] as const;
}

/** The id of a post's card, where "Load More Posts" lands. */
export function postAnchor(post: Pick<BlogPost, 'id'>): string {
  return `post-${post.id}`;
}

/** The outcome carried back by the no-JavaScript redirect (?subscribe=), or null. */
export function parseSubscribeOutcome(value: string | null | undefined): SubscribeOutcome | null {
  return subscribeOutcomes.find((outcome) => outcome === value) ?? null;
}

/** Where the no-JavaScript sign-up lands: the blog, in its category, at the newsletter box with the outcome. */
export function newsletterReturnHref(category: CategoryValue, outcome: SubscribeOutcome): string {
  const href = blogHref({ category });
  return `${href}${href.includes('?') ? '&' : '?'}subscribe=${outcome}#${NEWSLETTER_ANCHOR}`;
}

/** What a fetch sign-up's answer means for the reader: its HTTP status, told apart by the body's "status" where two share one. */
export function subscribeOutcomeOf(status: number, body: unknown): SubscribeOutcome {
  const said = typeof body === 'object' && body !== null ? (body as { status?: unknown }).status : undefined;
  if (status === 202) return said === 'delayed' || said === 'held' ? said : 'pending';
  if (status === 400) return 'invalid';
  if (status === 429) return said === 'busy' ? 'busy' : 'limited';
  return 'unreachable';
}

/** Successes are announced politely (role="status"), problems at once (role="alert"). */
export function isSubscribeSuccess(outcome: SubscribeOutcome): boolean {
  return outcome === 'pending' || outcome === 'delayed' || outcome === 'held';
}
