import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
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

export function Layout({ children }: { children: ReactNode }) {
  const page = useCurrentPage();
  const { pathname } = useLocation();
  return (
    <>
      <Seo page={page} path={pathname} />
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
