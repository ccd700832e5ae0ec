import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { RuntimeContext } from '../shared/components/contexts';
import { loadWholePublished } from '../shared/content/publishedArticles';
import { clearChunkReloadMark } from '../shared/lib/loadChunk';
import type { RuntimeConfig } from '../shared/lib/runtime';
import { holdStaticSections, releaseStaticSections } from '../shared/lib/staticSections';
import { loadPage } from '../shared/pageShell';
import { serveArticlesFromServer, takePageShare } from './articleSource';
import { browserNavigation } from './navigation';
import { followPageLinks } from './pageLinks';
import { PageRouter } from './PageRouter';
import { loadStylesheet } from './stylesheet';
import { loadWebFont } from './webFont';

/**
 * Loads the current page (its chunk, texts and data) before hydrating, so the
 * first client render is the server's markup (no fallback, no mismatch). If it
 * cannot load, the server-rendered page stays as it is: every page reads and
 * links without JS.
 */
export async function hydrate(runtime: RuntimeConfig): Promise<void> {
  // Partial hydration: static sections keep the server's markup and fetch no code until a navigation.
  holdStaticSections();
  // The first render is the server's, from the page's share of the articles: the server's whole lists are
  // fetched only from the first navigation on (decision 090).
  takePageShare(runtime.articles);
  const loaded = await loadPage(window.location.pathname);
  if (loaded.error !== undefined) throw loaded.error;
  serveArticlesFromServer();
  const showWebFont = loadWebFont();
  const navigation = browserNavigation(loaded, {
    // Every navigation (another page, or this one's URL changing, a fragment link too) reaches the
    // held sections: they load from its start, with the whole stylesheet and the web font.
    onStart() {
      releaseStaticSections();
      showWebFont();
    },
    // The page came with only its own CSS inlined; another page needs the whole stylesheet. The sections a
    // navigation releases render from the whole list of posts, even on this page (a fragment link); if it
    // cannot load, another page's texts fail as a chunk does, and this one's sections show its share.
    ready: async () => {
      await Promise.all([
        runtime.stylesheet ? loadStylesheet(runtime.stylesheet) : undefined,
        loadWholePublished().catch(() => undefined),
      ]);
    },
  });
  // A fragment or a query change is no new page.
  let viewed = window.location.pathname;
  navigation.listen(({ location, loaded: page }) => {
    if (page.error === undefined) clearChunkReloadMark(location.pathname);
    // The analytics' chunk, which the entry loads at idle (decision 100), counts it, or keeps it until it starts.
    if (location.pathname !== viewed) {
      const url = window.location.href;
      void import('./analytics').then(({ countView }) => countView(url));
    }
    viewed = location.pathname;
  });
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread in one long task: the page stays responsive while it wakes up.
  startTransition(() => {
    hydrateRoot(
      document,
      <RuntimeContext value={runtime}>
        <PageRouter navigation={navigation} />
      </RuntimeContext>,
    );
  });
  followPageLinks(navigation.navigator);
  clearChunkReloadMark(window.location.pathname);
}
