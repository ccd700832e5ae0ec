import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { RouteObject } from 'react-router';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { Document } from './components/Document';
import { PageErrorBoundary, RootErrorBoundary } from './components/ErrorPages';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Seo } from './components/Seo';
import { loadChunk } from './lib/loadChunk';
import { staticSectionsHold } from './lib/staticSections';
import type { PageRoute } from './routes';
import { notFoundPage, pageOf, pages } from './routes';

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

/** What every page shares inside <body>: its head tags, the skip link, header, main and footer. */
function Layout({ children }: { children: ReactNode }) {
  const page = pageOf(useMatches());
  const { pathname } = useLocation();
  useFocusMainOnNavigation(pathname);
  return (
    <>
      <Seo head={page} path={pathname} />
      {/* Top of the page on navigation, the old position on back/forward. Renders nothing outside the framework mode. */}
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}

/**
 * The root route: the whole HTML document around the matched page. It reads
 * no router state itself (the layout does), so a navigation re-renders the
 * layout, never the document.
 */
function Root() {
  return (
    <Document>
      <Layout>
        <Outlet />
      </Layout>
    </Document>
  );
}

/** One route-table entry as a lazy route; the entry rides along as the handle (see pageOf). */
function toRouteObject(page: PageRoute): RouteObject {
  return {
    id: page.chunk,
    path: page.path,
    handle: page,
    loader: page.loader,
    lazy: async () => {
      const module = await loadChunk(page.chunk, page.load);
      // The page's static sections come with it, but for the first hydration, which keeps their server HTML.
      if (!staticSectionsHold()) await Promise.all((module.sections ?? []).map((section) => section.preload()));
      return { Component: module.default };
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
          children: [...pages, notFoundPage].map(toRouteObject),
        },
      ],
    },
  ];
}
