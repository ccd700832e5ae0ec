import type { ComponentType } from 'react';
import { Suspense, memo, use } from 'react';
import { loadChunk } from '../lib/loadChunk';
import { staticSectionsHold } from '../lib/staticSections';

/** A page section without interactivity, whose code is a chunk of its own. */
export type StaticSection = ComponentType & {
  /** Loads its code; the route does before rendering it (the server always, the browser when navigating). */
  preload: () => Promise<unknown>;
};

/**
 * Wraps a static section for partial hydration. On the server and after a
 * navigation its code is loaded before the page renders, so it renders at once.
 * During the browser's first hydration it suspends on the hold (see
 * staticSections.ts) without asking for its code: React keeps the server's
 * markup inside its Suspense boundary untouched. Memoized with no props, so no
 * parent render reaches the boundary while it is held (an update reaching a
 * held boundary would make React drop its server HTML).
 */
export function staticSection(chunkId: string, load: () => Promise<ComponentType>): StaticSection {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= loadChunk(chunkId, load).then((component) => {
      Loaded = component;
      return component;
    }));

  function Section() {
    if (!Loaded) {
      const hold = staticSectionsHold();
      if (hold) use(hold);
      use(preload());
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
