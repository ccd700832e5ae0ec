import type { Location, Navigator, To } from 'react-router';
import { createPath, NavigationType, parsePath } from 'react-router';

import type { LoadedPage } from '../shared/pageShell';
import { loadPage } from '../shared/pageShell';

/** What the browser shows: a location and the page loaded for it. */
export interface PageState {
  location: Location;
  action: NavigationType;
  loaded: LoadedPage;
  /** A link asked to keep the scroll position (the blog's filter). */
  preventScrollReset: boolean;
}

export interface Navigation {
  /** Given to React Router's <Router>: its links and hooks navigate through it. */
  navigator: Navigator;
  state: () => PageState;
  /** Called with each navigation's page once it is loaded; returns the unsubscribe. */
  listen: (listener: (state: PageState) => void) => () => void;
  /** The scroll position saved for a location when the visitor left it. */
  savedPosition: (location: Location) => number | undefined;
}

interface NavigationOptions {
  /** Runs as each navigation starts, before its page loads. */
  onStart: () => void;
  /** What a page waits for besides its own code before it shows (the whole stylesheet). */
  ready: () => Promise<unknown>;
}

/** The entry's own state in the session history, as React Router's browser history writes it. */
interface HistoryEntry {
  usr?: unknown;
  key?: string;
}

const POSITIONS_KEY = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? {}) as HistoryEntry;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Two locations of the same page: only their fragment (or history entry) differs, so nothing loads. */
export function samePage(a: Location, b: Location): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

/**
 * The browser's side of routing, as React Router's data router did it but for
 * one page per URL: a navigation loads the next page (its code, texts, static
 * sections and data) while the current one stays on screen, then writes the URL
 * and shows it. A later navigation supersedes one still loading. Back and
 * forward load the same way once the URL has changed. Scroll positions are kept
 * per history entry, in session storage across reloads.
 */
export function browserNavigation(loaded: LoadedPage, { onStart, ready }: NavigationOptions): Navigation {
  // The landing entry gets its own key, so its scroll position is its own and not any keyless entry's. Its
  // page is the server's, rendered from the URL alone: a reloaded entry's state (the blog's pages added in
  // place, decision 090) no longer describes it.
  const landing = window.history.state as HistoryEntry | null;
  if (!landing?.key || landing.usr != null)
    window.history.replaceState({ key: landing?.key ?? newKey() } satisfies HistoryEntry, '');
  let state: PageState = { location: currentLocation(), action: NavigationType.Pop, loaded, preventScrollReset: false };
  const listeners = new Set<(next: PageState) => void>();
  const positions = readPositions();
  let latest = 0;

  // The router restores positions itself once a page is shown; the browser would jump before it is.
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => {
    positions[state.location.key] = window.scrollY;
    try {
      sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(positions));
    } catch {
      // Storage can be unavailable (privacy modes): a reload then starts at the top.
    }
    // A reload or a return from another site is the browser's to restore.
    window.history.scrollRestoration = 'auto';
  });
  window.addEventListener('pageshow', () => {
    window.history.scrollRestoration = 'manual';
  });

  async function navigate(action: NavigationType, location: Location, preventScrollReset = false): Promise<void> {
    const id = ++latest;
    onStart();
    const [next] = await Promise.all([
      samePage(location, state.location) ? state.loaded : loadPage(location.pathname),
      ready(),
    ]);
    if (id !== latest) return;
    positions[state.location.key] = window.scrollY;
    const entry: HistoryEntry = { usr: location.state, key: location.key };
    if (action === NavigationType.Push) window.history.pushState(entry, '', createPath(location));
    if (action === NavigationType.Replace) window.history.replaceState(entry, '', createPath(location));
    state = { location, action, loaded: next, preventScrollReset };
    for (const listener of listeners) listener(state);
  }

  function target(to: To, entryState: unknown): Location {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return {
      pathname: path.pathname ?? state.location.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: entryState ?? null,
      key: newKey(),
    };
  }

  window.addEventListener('popstate', () => void navigate(NavigationType.Pop, currentLocation()));

  return {
    navigator: {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      go: (delta) => window.history.go(delta),
      push: (to, entryState, opts) =>
        void navigate(NavigationType.Push, target(to, entryState), opts?.preventScrollReset),
      replace: (to, entryState, opts) =>
        void navigate(NavigationType.Replace, target(to, entryState), opts?.preventScrollReset),
    },
    state: () => state,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    savedPosition: (location) => positions[location.key],
  };
}
