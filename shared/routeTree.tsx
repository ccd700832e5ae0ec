import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { Document } from './components/Document';
import { PageErrorBoundary, RootErrorBoundary } from './components/ErrorPages';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { LocaleContext } from './components/contexts';
import { LanguageHint } from './components/LanguageHint';
import { Seo } from './components/Seo';
import { useLocale } from './components/useLocale';
import { loadCatalogue, loadedCatalogue } from './content/i18n/catalogue';
import { loadChunk } from './lib/loadChunk';
import { staticSectionsHold } from './lib/staticSections';
import type { RouteHandle, SitePage } from './routes';
import { localizePath, localizedRoutes, pageHead, pageOf } from './routes';

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

/** What every page shares inside <body>: its head tags, the skip link, header, main, footer and the language hint. */
function Layout({ page, children }: { page: SitePage; children: ReactNode }) {
  const { pathname } = useLocation();
  const { catalogue } = useLocale();
  useFocusMainOnNavigation(pathname);
  return (
    <>
      <Seo head={pageHead(page, catalogue)} path={pathname} />
      {/* Top of the page on navigation, the old position on back/forward. Renders nothing outside the framework mode. */}
      <ScrollRestoration />
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

/**
 * The root route: the whole HTML document around the matched page, in the
 * page's language. The document re-renders only when the language changes;
 * a navigation re-renders the layout.
 */
function Root() {
  const page = pageOf(useMatches());
  const { locale, alternates } = page;
  const value = useMemo(
    () => ({ locale, alternates, localize: (to: string) => localizePath(to, locale), catalogue: loadedCatalogue(locale) }),
    [locale, alternates],
  );
  return (
    <LocaleContext value={value}>
      <Document>
        <Layout page={page}>
          <Outlet />
        </Layout>
      </Document>
    </LocaleContext>
  );
}

/** One route-table entry in one language as a lazy route: its page chunk and its texts in that language load together. */
function toRouteObject({ path, handle }: { path: string; handle: RouteHandle }): RouteObject {
  const { route, locale } = handle;
  return {
    id: path,
    path,
    handle,
    lazy: async () => {
      // Both settle before a failure is passed on: the error page shown for a failed chunk reads the page's texts.
      const [page, texts] = await Promise.allSettled([loadChunk(route.chunk, route.load), loadChunk(`catalogue-${locale}`, () => loadCatalogue(locale, route.texts))]);
      if (page.status === 'rejected') throw page.reason;
      if (texts.status === 'rejected') throw texts.reason;
      const module = page.value;
      const sections = module.sections ?? [];
      if (sections.length === 0) return { Component: module.default, ...(module.loader ? { loader: module.loader } : {}) };
      // A page's static sections load before it shows: on the server, and on every navigation to it,
      // back to the landing page too, whose route resolved only once, during the first hydration. That
      // hydration alone skips them and keeps their server HTML. In the loader, as lazy runs only once.
      const { loader } = module;
      return {
        Component: module.default,
        loader: async (args: LoaderFunctionArgs) => {
          if (!staticSectionsHold()) await Promise.all(sections.map((section) => section.preload()));
          return loader ? loader(args) : null;
        },
      };
    },
  };
}

/**
 * The React Router tree for both sides. A fresh copy each call: the router
 * resolves lazy routes by mutating these objects.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: 'page',
          ErrorBoundary: PageErrorBoundary,
          children: localizedRoutes().map(toRouteObject),
        },
      ],
    },
  ];
}
