import { useEffect } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';
import { errorTexts } from '../content/i18n/errorTexts';
import { claimChunkReload, isChunkLoadError } from '../lib/loadChunk';
import { localeOfPath, localePrefix } from '../lib/locale';
import { Document } from './Document';

/** In the URL's language, from the texts that need no catalogue: the catalogue may be what failed to load. */
function ErrorMessage({ kind }: { kind: 'chunk' | 'page' | 'site' }) {
  const locale = localeOfPath(useLocation().pathname);
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
export function PageErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    console.error(error);
    if (chunkFailed && claimChunkReload(pathname)) window.location.reload();
  }, [error, chunkFailed, pathname]);

  return <ErrorMessage kind={chunkFailed ? 'chunk' : 'page'} />;
}

/** Last resort when the layout itself fails: a plain document, never the router's default screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Document>
      <main id="main">
        <ErrorMessage kind="site" />
      </main>
    </Document>
  );
}
