import type { ComponentType } from 'react';
import { memo, Suspense, use } from 'react';

import { loadTexts } from '../content/i18n/catalogue';
import type { CataloguePart } from '../content/i18n/types';
import { loadChunk } from '../lib/loadChunk';
import type { Locale } from '../lib/locale';
import { staticSectionsHold } from '../lib/staticSections';
import { useLocale } from './useLocale';

/** A page section without interactivity, whose code is a chunk of its own. */
export type StaticSection = ComponentType & {
  /** Loads its code and its texts in a language; the route does before rendering it (the server always, the browser when navigating). */
  preload: (locale: Locale) => Promise<unknown>;
};

/**
 * Wraps a static section for partial hydration. On the server and after a
 * navigation its code is loaded before the page renders, so it renders at once.
 * During the browser's first hydration it suspends on the hold (see
 * staticSections.ts) without asking for its code: React keeps the server's
 * markup inside its Suspense boundary untouched. Memoized with no props, so no
 * parent render reaches the boundary while it is held (an update reaching a
 * held boundary would make React drop its server HTML).
 * `texts` names the catalogue parts only static sections read: they load with
 * the section's code, so a first visit fetches neither.
 */
export function staticSection(
  chunkId: string,
  load: () => Promise<ComponentType>,
  texts: readonly CataloguePart[] = [],
): StaticSection {
  return heldSection(chunkId, load, texts, () => {
    const hold = staticSectionsHold();
    return hold && { hold };
  });
}

/** While the first hydration holds a section: what it waits on, and whether a failed chunk then keeps the server's markup (an island's does). */
interface Held {
  hold: Promise<unknown>;
  keepOnFailure?: boolean;
}

/** Never settles: the boundary keeps the server's markup, which works without script. */
const kept = new Promise<never>(() => {});

/** A section in a Suspense boundary of its own whose code loads when `held` says nothing holds it. */
export function heldSection(
  chunkId: string,
  load: () => Promise<ComponentType>,
  texts: readonly CataloguePart[],
  held: () => Held | undefined,
): StaticSection {
  let Loaded: ComponentType | undefined;
  let code: Promise<ComponentType> | undefined;
  // One promise per language, as React's use() needs the same one on each render.
  const loading = new Map<Locale, Promise<unknown>>();
  const keeping = new Map<Locale, Promise<unknown>>();
  const ready = new Set<Locale>();
  const preload = (locale: Locale) => {
    let both = loading.get(locale);
    if (!both) {
      code ??= loadChunk(chunkId, load).then((component) => (Loaded = component));
      const words = texts.length ? loadTexts(locale, texts) : undefined;
      both = Promise.all([code, words]).then(() => void ready.add(locale));
      loading.set(locale, both);
    }
    return both;
  };
  const preloadOrKeep = (locale: Locale) => {
    let loaded = keeping.get(locale);
    if (!loaded) {
      loaded = preload(locale).catch(() => kept);
      keeping.set(locale, loaded);
    }
    return loaded;
  };

  function Section() {
    const { locale } = useLocale();
    if (!ready.has(locale)) {
      const holding = held();
      if (holding) use(holding.hold);
      use(holding?.keepOnFailure ? preloadOrKeep(locale) : preload(locale));
    }
    const Component = Loaded!;
    return <Component />;
  }

  const Boundary = memo(function StaticSectionBoundary() {
    return (
      <Suspense fallback={null}>
        <Section />
      </Suspense>
    );
  });
  return Object.assign(Boundary, { preload });
}
