import type { ReactNode } from 'react';
import { Component, useEffect } from 'react';
import type { Location } from 'react-router';
import { useLocation } from 'react-router';

import { errorTexts } from '../content/i18n/errorTexts';
import { claimChunkReload, isChunkLoadError } from '../lib/loadChunk';
import { localeOf, localePrefix } from '../lib/locale';
import { Document } from './Document';
import { Link } from './Link';

/** In the URL's language, from the texts that need no catalogue: the catalogue may be what failed to load. */
function ErrorMessage({ kind }: { kind: 'chunk' | 'page' | 'site' }) {
  const locale = localeOf(useLocation().pathname);
  const texts = errorTexts[locale].errors;
  const { title, text } = texts[kind];
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="eyebrow">{texts.eyebrow}</p>
      <h1 id="error-title">{title}</h1>
      <p className="error-page__text">{text}</p>
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {texts.retry}
        </button>
        <Link to={localePrefix(locale) || '/'} className="button button--secondary" reloadDocument>
          {texts.home}
        </Link>
      </div>
    </section>
  );
}

/**
 * Shown inside the layout when a page fails. A route chunk that did not load
 * (often a deploy replaced it) gets one full load of the target URL first.
 */
export function PageError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    console.error(error);
    if (chunkFailed && claimChunkReload(pathname)) window.location.reload();
  }, [error, chunkFailed, pathname]);

  return <ErrorMessage kind={chunkFailed ? 'chunk' : 'page'} />;
}

/** Last resort when the layout itself fails: a plain document, never a blank page. */
export function SiteError({ error }: { error: unknown }) {
  useEffect(() => console.error(error), [error]);
  return (
    <Document>
      <main id="main">
        <ErrorMessage kind="site" />
      </main>
    </Document>
  );
}

interface BoundaryState {
  /** Boxed: anything can be thrown, undefined too. */
  caught?: { error: unknown };
  location: Location;
}

interface BoundaryProps {
  /** What shows instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  /** A new location clears the error: the next page gets its own chance. */
  location: Location;
  children: ReactNode;
}

/**
 * Catches what its children throw while rendering in the browser (a static
 * section's chunk that failed, a bug) and shows the fallback. On the server an
 * error reaches the renderer instead, which answers with its static error page.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    // Returned state is merged: the error is cleared by name.
    return props.location === state.location ? null : { caught: undefined, location: props.location };
  }

  override render() {
    const { caught } = this.state;
    return caught ? this.props.fallback(caught.error) : this.props.children;
  }
}
