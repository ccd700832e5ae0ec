import type { ReactNode } from 'react';
import { useContext, useEffect } from 'react';
import { HelmetProvider } from 'react-helmet-async';

import { siteFacts } from '../content/data';
import { ANALYTICS_PIXEL } from '../lib/attribution';
import { defaultLocale, localeTags } from '../lib/locale';
import { absoluteUrl, RUNTIME_CONFIG_ID } from '../lib/runtime';
import { assetUrl } from '../model/assets';
import { blogFeeds } from '../model/blog';
import { serializeJsonForHtml } from '../model/structuredData';
import { AssetsContext, LocaleContext, PageContext, RuntimeContext } from './contexts';

/**
 * The head resources from the build, outside the hydrated tree (only the server has assets).
 * The page's critical CSS, as a <style> React hoists: it is all the page needs, so the first
 * paint waits for nothing but the HTML (no stylesheet, font or script is preloaded ahead of it;
 * the client adds the whole stylesheet once it runs). And the tab icon, inline: a linked icon is
 * a file Chromium fetches while the page parses, before its first paint. /favicon.ico stays for
 * browsers and readers that ask for it by that name, and the apple-touch-icon link names a file
 * for home screens and search engines.
 */
function ServerAssets() {
  const assets = useContext(AssetsContext);
  if (!assets) return null;
  return (
    <>
      <style href={assets.criticalCss.id} precedence="default">
        {assets.criticalCss.css}
      </style>
      <link rel="icon" href={assets.tabIcon} type="image/webp" sizes="32x32" />
    </>
  );
}

/**
 * The client entry as an inline module script, the last child of <head>: the
 * first paint asks for no script at all, and the module, deferred, runs once the
 * document is parsed (then waits for the paint). The server alone renders it (a
 * hash in script-src allows it); hydration leaves the extra tail of <head> as it is.
 */
function ServerEntryScript() {
  const code = useContext(AssetsContext)?.entryScript;
  return code ? <script type="module" dangerouslySetInnerHTML={{ __html: code }} /> : null;
}

/** The whole HTML document: the root route renders it on the server, the client hydrates it. */
export function Document({ children }: { children: ReactNode }) {
  const runtime = useContext(RuntimeContext);
  // Set once the client has taken over the server's markup: styles and tests can rely on it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Absent only in the last-resort error document, which shows outside the router.
  const localeValue = useContext(LocaleContext);
  const locale = localeValue?.locale ?? defaultLocale;
  const catalogue = localeValue?.catalogue;
  // An article with a cover is shared with its own card; every other page with the site's.
  const page = useContext(PageContext);
  const post = page?.params.slug
    ? catalogue?.posts.posts.find((candidate) => candidate.slug === page.params.slug)
    : undefined;
  const ogImage = absoluteUrl(runtime.siteUrl, post?.share ?? siteFacts.ogImage);
  const ogImageAlt = post?.share ? post.imageAlt : catalogue?.layout.ogImageAlt;
  return (
    <html lang={localeTags[locale].lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ServerAssets />
        <meta name="theme-color" content={siteFacts.themeColor} />
        <meta property="og:image" content={ogImage} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        {ogImageAlt ? <meta property="og:image:alt" content={ogImageAlt} /> : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:image" content={ogImage} />
        <link rel="apple-touch-icon" href={assetUrl('/icons/apple-touch-icon.png')} />
        <link rel="manifest" href="/manifest.webmanifest" />
        {catalogue
          ? blogFeeds(locale, catalogue.layout.feedTitle).map((feed) => (
              <link key={feed.path} rel="alternate" type={feed.type} title={feed.title} href={feed.path} />
            ))
          : null}
        <script
          id={RUNTIME_CONFIG_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: serializeJsonForHtml(runtime) }}
        />
        <ServerEntryScript />
      </head>
      <body>
        <HelmetProvider>{children}</HelmetProvider>
        {/* Without JavaScript the beacon never runs: the same page view is counted by this image (decision 048). */}
        <noscript>
          <img src={ANALYTICS_PIXEL} alt="" width={1} height={1} />
        </noscript>
      </body>
    </html>
  );
}
