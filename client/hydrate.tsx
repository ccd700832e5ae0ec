import { startTransition } from 'react';
import { preinit } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RuntimeContext } from '../shared/components/contexts';
import { clearChunkReloadMark } from '../shared/lib/loadChunk';
import { holdStaticSections, releaseStaticSections } from '../shared/lib/staticSections';
import type { RuntimeConfig } from '../shared/lib/runtime';
import { RUNTIME_CONFIG_ID } from '../shared/lib/runtime';
import { createRoutes } from '../shared/routeTree';
import { startVitals } from './vitals';

function readRuntimeConfig(): RuntimeConfig {
  const block = document.getElementById(RUNTIME_CONFIG_ID);
  return JSON.parse(block?.textContent ?? '{}') as RuntimeConfig;
}

/**
 * Loads the current page's chunk (and its loader's data) before hydrating, so
 * the first client render is the server's markup (no fallback, no mismatch). If it cannot load, the
 * server-rendered page stays as it is: every page reads and links without JS.
 */
export async function hydrate(): Promise<void> {
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
  const runtime = readRuntimeConfig();
  const router = createBrowserRouter(routes);
  // A navigation (another page, or this one's URL changing, a fragment link too) reaches the held
  // sections: they load from its start. Compared by object, as a fragment link keeps the landing's key.
  const landing = router.state.location;
  const stopHolding = router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.location === landing) return;
    releaseStaticSections();
    stopHolding();
  });
  // A page with a loader (an article's body) renders only once its data is in.
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
  // The page came with only its own CSS inlined; the next page a navigation shows needs the rest.
  if (runtime.stylesheet) preinit(runtime.stylesheet, { as: 'style', precedence: 'default' });
  clearChunkReloadMark(window.location.pathname);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && !state.errors) clearChunkReloadMark(state.location.pathname);
  });
  void startVitals();
}

