import type { ComponentType } from 'react';

import type { StaticSection } from './components/StaticSection';
import type { BlogPost, PostFacts } from './content/blog';
import { BOOK_PATH } from './content/bookingFacts';
import { siteFacts } from './content/data';
import type { HeadText, PageHead } from './content/head';
import type { Catalogue, CataloguePart } from './content/i18n/types';
import { publishedIndex } from './content/publishedArticles';
import { legalDates } from './generated/legalDates';
import { SENT_PARAM } from './lib/contactSent';
import type { Locale } from './lib/locale';
import { defaultLocale, localeOf, localePrefix, locales } from './lib/locale';
import type { PageLoader } from './lib/pageLoader';
import type { PageOpening } from './lib/runtime';
import { articleHead, articlePagePosts, postPath } from './model/articles';
import { blogAlternateQuery, blogCanonicalQuery, blogHead, blogPagePosts, blogViewKey } from './model/blog';
import {
  CONFIRM_OUTCOMES,
  CONFIRM_PATH,
  readResult,
  TOKEN_PARAM,
  UNSUBSCRIBE_OUTCOMES,
  UNSUBSCRIBE_PATH,
} from './model/newsletter';

/**
 * What the table says of a page's head. A page that exists in every language
 * has no words here: they come from its language's catalogue (the `head` of
 * its own part, the first of its `texts`), so the table, which every page
 * loads, holds no language's words for it.
 */
type TableHead = Omit<PageHead, keyof HeadText> & Partial<HeadText>;

/** One page a visitor can open: what its head, the sitemap, the beacon and the server need to know. */
export interface SitePage extends TableHead {
  /** Absolute path; "*" for the not-found page. */
  path: string;
  /** The page module's file name: names its lazy chunk in the build manifest. */
  chunk: string;
  /** The catalogue parts beside the common one that its words are in. */
  texts?: readonly CataloguePart[];
  /** HTTP status the server answers with (the not-found page's 404). */
  status?: number;
  /** ISO date (YYYY-MM-DD) of its last change, for the sitemap. */
  lastmod?: string;
  /** The language it is written in (its path says it). */
  locale: Locale;
  /** Its own path in each language it exists in, itself included: hreflang, the sitemap and the language switch. */
  alternates: Partial<Record<Locale, string>>;
  /** Its head when its words are in a catalogue part it loads but are not that part's `head` (an article's, a legal page's). */
  headIn?: (catalogue: Catalogue) => PageHead | undefined;
  /** The query its canonical URL keeps ("?page=2"), for a page whose query shows other content: '' for none. */
  canonicalQuery?: (params: URLSearchParams) => string;
  /** The query of the same view in another language ("?page=2"), or undefined where that language has no such view. */
  alternateQuery?: (params: URLSearchParams, locale: Locale) => string | undefined;
  /** Its head for the view its query names (the blog's second page on says which page it is). */
  queryHead?: <H extends HeadText>(head: H, params: URLSearchParams, catalogue: Catalogue) => H;
  /** What its first screen does before the page wakes at the visitor's first use (decision 100). */
  opening?: PageOpening;
}

/** A page module: its component, its static sections if it has any (see StaticSection), and its loader when it needs data before it renders (an article's body). */
interface PageModule {
  default: ComponentType;
  sections?: readonly StaticSection[];
  /**
   * Run by the server before the page streams and by the browser before it
   * hydrates or navigates there. It comes with the page's chunk, so the maps
   * of the bodies it loads stay out of every page's entry.
   */
  loader?: PageLoader;
}

/** What every route of the table has, whether it is one page or a set of them. */
interface RouteBase {
  path: string;
  /**
   * The page's path in the other languages (the English one is `path`). A
   * page without one exists in English only. Its texts there come from that
   * language's catalogue (shared/content/i18n), by the page's chunk.
   */
  paths?: Partial<Record<Exclude<Locale, typeof defaultLocale>, string>>;
  /** The page module's file name: names its lazy chunk in the build manifest. */
  chunk: string;
  load: () => Promise<PageModule>;
  /** The catalogue parts its words are in, loaded with it in the page's language (the common part always is). */
  texts?: readonly CataloguePart[];
  /**
   * Its files in shared/styles/pages/ (without ".css"): the build inlines them, and no other page's, as
   * its critical CSS (build.mjs reads them from this table). A page without any omits it.
   */
  styles?: readonly string[];
  /** HTTP status the server answers with (the not-found page's 404). */
  status?: number;
  /**
   * The query parameters the page reads, normalised to what it shows: the
   * server keeps one finished page per path and this value, so an unread or
   * out-of-range parameter cannot multiply cache entries. A page that reads
   * none omits it. The page's plain view is '' (its key is its path); null is
   * a URL another route answers (a newsletter link's token), never kept; false a query that names no view
   * of the page (a page past the blog's last): the not-found page answers it, kept once per language.
   */
  readQuery?: (params: URLSearchParams, locale: Locale) => string | null | false;
  canonicalQuery?: SitePage['canonicalQuery'];
  alternateQuery?: SitePage['alternateQuery'];
  queryHead?: SitePage['queryHead'];
  opening?: SitePage['opening'];
  /** Its page holds a public form: each answer carries a fresh signed token in it (decision 073). */
  hasForm?: boolean;
  /**
   * On a page that lists articles: the posts of its language's list it shows, the only ones its first
   * hydration is given (decision 090). A page of the posts texts without it is given none.
   */
  shownPosts?: (posts: readonly BlogPost[], at: ShownAt) => (BlogPost | null | undefined)[];
}

/** Where a page that lists articles is: its URL's parameters (an article's slug) and query. */
export interface ShownAt {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** A route that is one page: its path is plain. */
export interface SinglePageRoute extends RouteBase, TableHead {
  lastmod?: string;
  /** Its last change in a language (a legal page's), when the languages' versions change apart. */
  lastmodIn?: (locale: Locale) => string;
  headIn?: SitePage['headIn'];
}

/**
 * A route whose path has a parameter ("/blog/:slug", "/es/blog/:slug"): the
 * pages it holds in every language, each with its own head. Any other value
 * is answered with the not-found page of the path's language and its 404.
 */
interface PageSetRoute extends RouteBase {
  entries: readonly Omit<SitePage, 'chunk'>[];
}

export type PageRoute = SinglePageRoute | PageSetRoute;

/** A legal page in each language: its text and its head come from its Markdown (the head through the language's catalogue), its date from the front matter. */
function legalPage(
  name: 'privacy' | 'terms',
  route: Pick<RouteBase, 'path' | 'paths' | 'chunk' | 'load'>,
): SinglePageRoute {
  return {
    ...route,
    texts: ['legal'],
    styles: ['legal'],
    headIn: ({ legal }) => ({
      title: `${legal.documents[name].title} | ${siteFacts.name}`,
      description: legal.documents[name].description,
      keywords: legal.keywords[name],
    }),
    lastmodIn: (locale) => legalDates[locale]![name]!,
  };
}

/**
 * Every article in every language: its path, its alternates (the same post in
 * the other languages) and its body's chunk. Its head comes from its
 * language's post list, which loads with the page: the route table holds no
 * words, only each post's slugs and date.
 */
function articleEntries(index: readonly PostFacts[]): PageSetRoute['entries'] {
  return index.flatMap((post) => {
    const translations = locales.flatMap((locale) =>
      post.slugs[locale] ? [{ locale, slug: post.slugs[locale] }] : [],
    );
    const alternates = Object.fromEntries(
      translations.map((translation) => [translation.locale, postPath(translation)]),
    );
    return translations.map((translation) => ({
      path: postPath(translation),
      locale: translation.locale,
      alternates,
      lastmod: post.date,
      headIn: (catalogue: Catalogue) => {
        const { posts, categories } = catalogue.posts;
        const translated = posts.find((candidate) => candidate.id === post.id);
        return translated ? articleHead(translated, categories) : undefined;
      },
    }));
  });
}

let entriesFor: { index: readonly PostFacts[]; entries: PageSetRoute['entries'] } | undefined;

/** The article pages of the index published now, made once per index. */
function publishedArticleEntries(): PageSetRoute['entries'] {
  const index = publishedIndex();
  if (entriesFor?.index !== index) entriesFor = { index, entries: articleEntries(index) };
  return entriesFor.entries;
}

/** The one route table: adding a page is adding an entry here. */
export const pages: readonly PageRoute[] = [
  {
    path: '/',
    chunk: 'Home',
    load: () => import('./pages/Home'),
    opening: 'hero',
    texts: ['home'],
    styles: ['home'],
    paths: { es: '/es' },
  },
  {
    path: '/services',
    chunk: 'Services',
    load: () => import('./pages/Services'),
    texts: ['services'],
    styles: ['services'],
    paths: { es: '/es/servicios' },
  },
  {
    path: '/research',
    chunk: 'Research',
    load: () => import('./pages/Research'),
    texts: ['research'],
    styles: ['research'],
    paths: { es: '/es/investigacion' },
  },
  {
    path: '/blog',
    chunk: 'Blog',
    load: () => import('./pages/Blog'),
    texts: ['blog', 'posts'],
    styles: ['blog'],
    readQuery: blogViewKey,
    canonicalQuery: blogCanonicalQuery,
    alternateQuery: blogAlternateQuery,
    queryHead: (head, params, catalogue) => blogHead(head, params, catalogue.blog),
    shownPosts: (posts, { search }) => blogPagePosts(posts, search),
    hasForm: true,
    paths: { es: '/es/blog' },
  },
  {
    path: '/blog/:slug',
    paths: { es: '/es/blog/:slug' },
    chunk: 'Article',
    load: () => import('./pages/Article'),
    texts: ['posts', 'article'],
    // An article ends with related posts, shown as the blog's cards.
    styles: ['article', 'blog'],
    shownPosts: (posts, { params }) => articlePagePosts(posts, params.slug),
    // The articles published now: the list changes while the site runs (the staff console), so it is
    // worked out again when it does.
    get entries() {
      return publishedArticleEntries();
    },
  },
  {
    path: '/contact',
    chunk: 'Contact',
    load: () => import('./pages/Contact'),
    texts: ['contact'],
    styles: ['contact'],
    readQuery: (params) => (params.get(SENT_PARAM) === '1' ? `${SENT_PARAM}=1` : ''),
    hasForm: true,
    paths: { es: '/es/contacto' },
  },
  // Booking an intro call (decision 082): the first step is kept; a query with a time zone (the free times) or a
  // manage link's token is server/booking's answer, never kept.
  {
    path: BOOK_PATH,
    chunk: 'Book',
    load: () => import('./pages/Book'),
    // Its first step shows the browser's own time zone, which only script knows.
    opening: 'bookingZone',
    texts: ['book'],
    styles: ['book'],
    // The free times' form carries the page token (decision 088): the slots' answer is rendered at this path.
    hasForm: true,
    paths: { es: '/es/reservar' },
    readQuery: (params) => (params.has('tz') || params.has('manage') ? null : ''),
  },
  // The newsletter's consent steps, opened from its e-mails. A link's token is
  // shown by server/newsletter/linkRoutes.ts, never cached: these entries serve the outcomes.
  {
    path: CONFIRM_PATH,
    chunk: 'NewsletterConfirm',
    load: () => import('./pages/NewsletterConfirm'),
    texts: ['newsletterConfirm'],
    styles: ['newsletter'],
    paths: { es: '/es/boletin/confirmar' },
    readQuery: (params) => (params.has(TOKEN_PARAM) ? null : (readResult(params, CONFIRM_OUTCOMES) ?? '')),
    noindex: true,
  },
  {
    path: UNSUBSCRIBE_PATH,
    chunk: 'NewsletterUnsubscribe',
    load: () => import('./pages/NewsletterUnsubscribe'),
    texts: ['newsletterUnsubscribe'],
    styles: ['newsletter'],
    paths: { es: '/es/boletin/cancelar' },
    readQuery: (params) => (params.has(TOKEN_PARAM) ? null : (readResult(params, UNSUBSCRIBE_OUTCOMES) ?? '')),
    noindex: true,
  },
  legalPage('privacy', {
    path: '/privacy',
    paths: { es: '/es/privacidad' },
    chunk: 'Privacy',
    load: () => import('./pages/Privacy'),
  }),
  legalPage('terms', {
    path: '/terms',
    paths: { es: '/es/terminos' },
    chunk: 'Terms',
    load: () => import('./pages/Terms'),
  }),
];

export const notFoundPage: SinglePageRoute = {
  path: '*',
  chunk: 'NotFound',
  load: () => import('./pages/NotFound'),
  status: 404,
  noindex: true,
};

/** The paths of a route's page in each language it exists in. */
function alternatesOf(route: { path: string; paths?: RouteBase['paths'] }): Partial<Record<Locale, string>> {
  return { [defaultLocale]: route.path, ...route.paths };
}

/** The pages a route holds in one language: itself, or for a path with a parameter each page it names. */
function pagesOf(route: PageRoute, locale: Locale = defaultLocale): SitePage[] {
  if ('entries' in route)
    return route.entries
      .filter((entry) => entry.locale === locale)
      .map((entry) => ({ ...entry, chunk: route.chunk, texts: route.texts }));
  const alternates = alternatesOf(route);
  const path = alternates[locale];
  return path === undefined
    ? []
    : [{ ...route, path, locale, alternates, lastmod: route.lastmodIn?.(locale) ?? route.lastmod }];
}

/** The not-found page of a language, answered for any path under its prefix that is no page. */
export function notFoundPageIn(locale: Locale): SitePage {
  return { ...notFoundPage, locale, alternates: {} };
}

/** Every page a visitor can open now, article pages included (they change with what the staff publish). */
function publishedSitePages(): SitePage[] {
  return locales.flatMap((locale) => pages.flatMap((route) => pagesOf(route, locale)));
}

/**
 * Every page of a fresh install, its articles the build's seed, as they stand when this module loads: what the
 * tests and the bench list. What a visitor can open now (the staff publish articles) is publishedSitePages().
 */
export const seedSitePages: readonly SitePage[] = publishedSitePages();

/** Pages that search engines should list now: every page but the noindex ones (the sitemap's). */
export function indexablePagesNow(): SitePage[] {
  return publishedSitePages().filter((page) => !page.noindex);
}

/**
 * A page's head in its language: a page that exists in every language takes
 * its words from its own catalogue part, the not-found page from the common
 * one; the others (articles, legal pages) carry their own in the table.
 */
export function pageHead(page: SitePage, catalogue: Catalogue): SitePage & PageHead {
  const fromParts = page.headIn?.(catalogue);
  if (fromParts) return { ...page, ...fromParts };
  const { title, description, keywords } = page;
  if (title !== undefined && description !== undefined && keywords !== undefined)
    return { ...page, title, description, keywords };
  const own = page.texts?.[0];
  const head = own && page.status !== 404 ? (catalogue[own] as Partial<{ head: HeadText }>).head : undefined;
  return { ...page, ...(head ?? catalogue.notFound.head) };
}

/** The build-manifest names of the catalogue chunks a page loads before it renders: its language's common part and its own. */
export function catalogueChunks(page: Pick<SitePage, 'locale' | 'texts'>): string[] {
  return ['common', ...(page.texts ?? [])].map((part) => `catalogues/${page.locale}/${part}`);
}

/** A page of the route table by its path, with its route and the route's path in its language. */
interface FoundPage {
  route: PageRoute;
  page: SitePage;
  pattern: string | undefined;
}

let pagesByPath: { index: readonly PostFacts[]; byPath: Map<string, FoundPage> } | undefined;

/** Every page by its path, made again only when the published articles change: a lookup, not a walk of the table, per request. */
function pagesNow(): Map<string, FoundPage> {
  const index = publishedIndex();
  if (pagesByPath?.index !== index)
    pagesByPath = {
      index,
      byPath: new Map(
        pages.flatMap((route) =>
          locales.flatMap((locale) => {
            const pattern = alternatesOf(route)[locale];
            return pagesOf(route, locale).map((page) => [page.path, { route, page, pattern }] as const);
          }),
        ),
      ),
    };
  return pagesByPath.byPath;
}

/** The route and the page of a URL path, or undefined when the path is no page of the site. */
export function findPage(pathname: string): { route: PageRoute; page: SitePage } | undefined {
  return pagesNow().get(pathname);
}

/**
 * The route-table path of a page's URL path, in its language ("/blog/:slug" for an article, "/es/servicios"),
 * or undefined when the path is no page: what the server counts pages by, never their raw URLs. Read from
 * the pages published now (an article published after the start too), kept with them, so an answer's
 * count allocates nothing for it (decision 056).
 */
export function routePatternOf(pathname: string): string | undefined {
  return pagesNow().get(pathname)?.pattern;
}

/**
 * The page of a matched path: its route-table entry, which the route tree
 * carries as the route's handle (matchPage in pageShell.tsx). A path with a
 * parameter that names no page is the not-found page, shown by the route's own chunk.
 */
export function pageOf(handle: RouteHandle, pathname: string): SitePage {
  const locale = localeOf(pathname);
  const page = pagesOf(handle.route, locale).find((candidate) => candidate.path === pathname);
  return page ?? { ...notFoundPageIn(locale), chunk: handle.route.chunk };
}

/** What the route tree hangs on each route: its table entry (the path's language comes from localeOf). */
export interface RouteHandle {
  route: PageRoute;
}

/** The route tree's routes: one per route and language it exists in, each with its path there. */
export function localizedRoutes(): { path: string; handle: RouteHandle }[] {
  const routes = locales.flatMap((locale) =>
    pages.flatMap((route) => {
      const path = alternatesOf(route)[locale];
      return path === undefined ? [] : [{ path, handle: { route } }];
    }),
  );
  const notFound = locales.map((locale) => ({
    path: locale === defaultLocale ? '*' : `${localePrefix(locale)}/*`,
    handle: { route: notFoundPage },
  }));
  return [...routes, ...notFound];
}

/**
 * A site path (as the content writes links, in English) in a language: the
 * page's own path there, or the English path when the page has no
 * translation yet. A "#fragment" or "?query" is kept.
 */
export function localizePath(to: string, locale: Locale): string {
  if (locale === defaultLocale) return to;
  const [, path = to, rest = ''] = /^([^?#]*)(.*)$/.exec(to) ?? [];
  const route = pages.find((candidate) => candidate.path === path);
  const localized =
    route && !('entries' in route) ? route.paths?.[locale as Exclude<Locale, typeof defaultLocale>] : undefined;
  return (localized ?? path) + rest;
}
