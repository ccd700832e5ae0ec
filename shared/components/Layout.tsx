import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { ScrollRestoration, useLocation, useMatches } from 'react-router';
import type { PageRoute } from '../routes';
import { notFoundPage } from '../routes';
import { Footer } from './Footer';
import { Header } from './Header';
import { Seo } from './Seo';

/** The matched page's route-table entry, carried as the route's handle. */
function useCurrentPage(): PageRoute {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as PageRoute | undefined;
  return handle ?? notFoundPage;
}

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

export function Layout({ children }: { children: ReactNode }) {
  const page = useCurrentPage();
  const { pathname } = useLocation();
  useFocusMainOnNavigation(pathname);
  return (
    <>
      <Seo page={page} path={pathname} />
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
