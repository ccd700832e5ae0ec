import { useEffect } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';
import { claimChunkReload, isChunkLoadError } from '../lib/loadChunk';
import { Document } from './Document';

function ErrorMessage({ title, text }: { title: string; text: string }) {
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="eyebrow">Something went wrong</p>
      <h1 id="error-title">{title}</h1>
      <p className="error-page__text">{text}</p>
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/" className="button button--secondary" reloadDocument>
          Back to home
        </Link>
      </div>
    </section>
  );
}

/**
 * Shown inside the layout when a page fails. A route chunk that did not load
 * (often a deploy replaced it) gets one full load of the target URL first.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    console.error(error);
    if (chunkFailed && claimChunkReload(pathname)) window.location.reload();
  }, [error, chunkFailed, pathname]);

  return chunkFailed ? (
    <ErrorMessage
      title="This page could not load"
      text="Part of the site did not arrive, perhaps because of a weak connection or a new version of the site. Please try again."
    />
  ) : (
    <ErrorMessage
      title="We hit an unexpected problem"
      text="The page could not be shown. Please try again, or go back to the home page."
    />
  );
}

/** Last resort when the layout itself fails: a plain document, never the router's default screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Document>
      <main id="main">
        <ErrorMessage
          title="We hit an unexpected problem"
          text="The site could not be shown. Please try again in a moment."
        />
      </main>
    </Document>
  );
}
