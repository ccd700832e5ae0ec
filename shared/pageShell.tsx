import type { ComponentType, ReactNode } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import type { RouteObject } from 'react-router';
import { matchRoutes, useLocation } from 'react-router';

import type { PageData } from './components/contexts';
import { LocaleContext, PageContext } from './components/contexts';
import { Document } from './components/Document';
import { ErrorBoundary, PageError, SiteError } from './components/ErrorPages';
import { Header } from './components/Header';
import { LanguageHint } from './components/LanguageHint';
import { Seo } from './components/Seo';
import { staticSection } from './components/StaticSection';
import { useLocale } from './components/useLocale';
import type { BlogPost } from './content/blog';
import { loadedCatalogue, loadTexts } from './content/i18n/catalogue';
import { loadChunk } from './lib/loadChunk';
import type { Locale } from './lib/locale';
import { staticSectionsHold } from './lib/staticSections';
import type { RouteHandle, SitePage } from './routes';
import { localizedRoutes, localizePath, pageHead, pageOf } from './routes';

/**
 * After a client-side navigation to another page, focus moves to the main
 * content, as a full page load would put a screen reader at the new page's
 * start. Filters that only change the query string keep focus where it is.
 */
function useFocusMainOnNavigation(pathname: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

// The footer (and the lab's structured data) is static on every page: its code loads with the first navigation.
const Footer = staticSection('Footer', async () => (await import('./components/Footer')).Footer);

/** A view's alternates (the blog's ?page=2): the same view in each language that has it, with its query. */
function viewAlternates(page: SitePage, params: URLSearchParams): SitePage['alternates'] {
  const alternates: SitePage['alternates'] = {};
  for (const [locale, path] of Object.entries(page.alternates) as [Locale, string][]) {
    const query = page.alternateQuery?.(params, locale);
    if (query !== undefined) alternates[locale] = path + query;
  }
  return alternates;
}

/** What every page shares inside <body>: its head tags, the skip link, header, main, footer and the language hint. */
function Layout({ page, children }: { page: SitePage; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { catalogue } = useLocale();
  useFocusMainOnNavigation(pathname);
  const { head, canonical, alternates } = useMemo(() => {
    const params = new URLSearchParams(search);
    const own = pageHead(page, catalogue);
    return {
      head: page.queryHead?.(own, params, catalogue) ?? own,
      canonical: pathname + (page.canonicalQuery?.(params) ?? ''),
      alternates: page.alternateQuery && viewAlternates(page, params),
    };
  }, [page, catalogue, pathname, search]);
  return (
    <>
      {/* The not-found page is the same for every unknown URL (the server keeps it once, see pageCache.ts). */}
      <Seo head={head} path={page.status === 404 ? undefined : canonical} alternates={alternates} />
      <a className="skip-link" href="#main">
        {catalogue.layout.skipLink}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {/* Last, so it rests below the footer at the end of the page instead of covering its links. */}
      <LanguageHint />
    </>
  );
}

/** A page matched to a URL and loaded, ready to render, or why it could not load. */
export interface LoadedPage extends PageData {
  /** The table's page for the URL: the not-found page for a path no route has. */
  page: SitePage;
  /** The posts of the page's language when they are not the catalogue's (an article's preview). */
  posts?: readonly BlogPost[];
  Component?: ComponentType;
  /** Why the page could not load (a chunk that failed): its error message shows in the layout instead. */
  error?: unknown;
}

/** The page's own content. One that failed to load, or throws, shows its error message inside the layout. */
function PageContent({ Component, error }: Pick<LoadedPage, 'Component' | 'error'>) {
  const location = useLocation();
  if (error !== undefined || !Component) return <PageError error={error} />;
  return (
    <ErrorBoundary location={location} fallback={(thrown) => <PageError error={thrown} />}>
      <Component />
    </ErrorBoundary>
  );
}

/**
 * The whole HTML document around the page, in the page's language. The
 * document re-renders only when the language changes; a navigation re-renders
 * the layout.
 */
function Root({ loaded }: { loaded: LoadedPage }) {
  const { page, posts } = loaded;
  const { locale, alternates } = page;
  const value = useMemo(() => {
    const catalogue = loadedCatalogue(locale);
    return {
      locale,
      alternates,
      localize: (to: string) => localizePath(to, locale),
      catalogue: posts ? { ...catalogue, posts: { ...catalogue.posts, posts } } : catalogue,
    };
  }, [locale, alternates, posts]);
  return (
    <LocaleContext value={value}>
      <Document>
        <Layout page={page}>
          <PageContent Component={loaded.Component} error={loaded.error} />
        </Layout>
      </Document>
    </LocaleContext>
  );
}

/**
 * What both sides render inside React Router's router: the server's StaticRouter,
 * then the browser's (client/PageRouter.tsx), for a page loadPage has loaded.
 */
export function PageDocument({ loaded }: { loaded: LoadedPage }) {
  const location = useLocation();
  return (
    <PageContext value={loaded}>
      <ErrorBoundary location={location} fallback={(error) => <SiteError error={error} />}>
        <Root loaded={loaded} />
      </ErrorBoundary>
    </PageContext>
  );
}

/** Every page path in every language, and each language's not-found splat, as React Router matches them. */
const routes: RouteObject[] = localizedRoutes().map(({ path, handle }) => ({ id: path, path, handle }));

/** The table's page for a path, its route's handle and the path's parameters. */
export function matchPage(pathname: string): {
  page: SitePage;
  handle: RouteHandle;
  params: LoadedPage['params'];
  pathname: string;
} {
  const matches = matchRoutes(routes, pathname) ?? [];
  const match = matches.at(-1);
  // The splats match every path: no match is a route table without them.
  if (!match) throw new Error(`No route matches ${pathname}`);
  const handle = match.route.handle as RouteHandle;
  return { page: pageOf(handle, match.pathname), handle, params: match.params, pathname: match.pathname };
}

/**
 * Loads what a page renders with, before it renders: on the server, before the
 * browser's first hydration and on every navigation. Its chunk and its texts in
 * its language load together, then its static sections' code (which the first
 * hydration alone skips, keeping their server HTML) and its loader's data.
 * Never rejects: what failed is the loaded page's error.
 */
export async function loadPage(
  pathname: string,
  given?: Required<Pick<LoadedPage, 'page' | 'data' | 'posts'>>,
): Promise<LoadedPage> {
  const matched = matchPage(pathname);
  const { handle, params } = matched;
  // A page shown with what it is given (an article's preview) runs no loader: it has its data.
  let page = given?.page ?? matched.page;
  const { route } = handle;
  const { locale } = page;
  try {
    // Both settle before a failure is passed on: the error message shown for a failed chunk reads the page's texts.
    const [module, texts] = await Promise.allSettled([
      loadChunk(route.chunk, route.load),
      loadTexts(locale, route.texts),
    ]);
    if (module.status === 'rejected') throw module.reason;
    if (texts.status === 'rejected') throw texts.reason;
    // The texts bring the articles published now: an article the page's first match did not know may be one.
    if (!given) page = pageOf(handle, matched.pathname);
    const { default: Component, sections = [], loader } = module.value;
    if (!staticSectionsHold()) await Promise.all([Footer, ...sections].map((section) => section.preload(locale)));
    if (given) return { page, params, Component, data: given.data, posts: given.posts };
    const data = loader ? await loader({ params, locale }) : undefined;
    return { page, params, Component, data };
  } catch (error) {
    return { page, params, error };
  }
}
