import type { PageLoader, PageLoaderArgs } from './pageLoader';
import { whenNeeded } from './whenNeeded';

/**
 * Partial hydration's switch. While the browser's first hydration is held,
 * static sections suspend on this promise instead of asking for their code, so
 * React keeps their server HTML as it is (a dehydrated Suspense boundary) and
 * hydrates only the rest. The client entry holds it before hydrating and
 * releases it when the first navigation starts; the server never holds it.
 */
let held: Promise<void> | undefined;
let release: (() => void) | undefined;

export function holdStaticSections(): void {
  held = new Promise((resolve) => {
    release = resolve;
  });
}

export function releaseStaticSections(): void {
  release?.();
  held = undefined;
  release = undefined;
}

/** The promise static sections wait on, or undefined once released (or on the server). */
export function staticSectionsHold(): Promise<void> | undefined {
  return held;
}

/** A loader for a page's static text (see StaticBody): nothing while the first hydration holds it, so none of it is fetched. */
export function heldTextLoader(load: (args: PageLoaderArgs) => Promise<string | null>): PageLoader {
  return (args) => (held ? Promise.resolve(undefined) : load(args));
}

const islandHolds = new Map<string, Promise<void>>();

/**
 * An island's hold (decision 085): while the first hydration holds the page, the island waits
 * until it is needed (whenNeeded: near the window, touched, or idle), or for the page's release.
 * `rootId` is the id of the element its server markup starts with.
 */
export function islandHold(name: string, rootId: string | undefined): Promise<void> | undefined {
  if (!held) return undefined;
  let hold = islandHolds.get(name);
  if (!hold) {
    hold = Promise.race([held, whenNeeded(rootId ? document.getElementById(rootId) : null)]);
    islandHolds.set(name, hold);
  }
  return hold;
}
