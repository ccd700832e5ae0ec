import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RuntimeContext } from '../shared/components/contexts';
import { clearChunkReloadMark } from '../shared/lib/loadChunk';
import { holdStaticSections, releaseStaticSections } from '../shared/lib/staticSections';
import type { RuntimeConfig } from '../shared/lib/runtime';
import { createRoutes } from '../shared/routeTree';
import { loadStylesheet } from './stylesheet';
import { startVitals } from './vitals';
import { loadWebFont } from './webFont';

/** Runs the work once the browser is idle (after hydration's tasks), or soon where there is no idle callback. */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

/**
 * The page came with only its own CSS inlined; another page needs the whole stylesheet. Each
 * route not yet loaded waits for it too when a navigation loads it, so no page shows unstyled.
 */
function awaitStylesheetOnNavigation(routes: RouteObject[], href: string | undefined): void {
  if (!href) return;
  for (const route of routes) {
    if (route.children) awaitStylesheetOnNavigation(route.children, href);
    const { lazy } = route;
    if (typeof lazy !== 'function') continue;
    route.lazy = async () => (await Promise.all([lazy(), loadStylesheet(href)]))[0];
  }
}

/**
 * Loads the current page's chunk (and its loader's data) before hydrating, so
 * the first client render is the server's markup (no fallback, no mismatch). If it cannot load, the
 * server-rendered page stays as it is: every page reads and links without JS.
 */
export async function hydrate(runtime: RuntimeConfig): Promise<void> {
  // Partial hydration: static sections keep the server's markup and fetch no code until a navigation.
  holdStaticSections();
  const routes = createRoutes();
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  awaitStylesheetOnNavigation(routes, runtime.stylesheet);
  const useWebFont = loadWebFont();
  const router = createBrowserRouter(routes);
  // A navigation (another page, or this one's URL changing, a fragment link too) reaches the held
  // sections: they load from its start, with the whole stylesheet. Compared by object, as a fragment
  // link keeps the landing's key.
  const landing = router.state.location;
  const stopHolding = router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.location === landing) return;
    releaseStaticSections();
    if (runtime.stylesheet) void loadStylesheet(runtime.stylesheet);
    stopHolding();
  });
  // A page with a loader (an article's body, a page's static sections) renders only once it is done.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread in one long task: the page stays responsive while it wakes up.
  startTransition(() => {
    hydrateRoot(
      document,
      <RuntimeContext value={runtime}>
        <RouterProvider router={router} />
      </RuntimeContext>,
    );
  });
  clearChunkReloadMark(window.location.pathname);
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle') useWebFont();
    else if (!state.errors) clearChunkReloadMark(state.location.pathname);
  });
  whenIdle(() => void startVitals());
}
