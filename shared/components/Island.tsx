import type { ComponentType } from 'react';

import type { CataloguePart } from '../content/i18n/types';
import { islandHold } from '../lib/staticSections';
import type { StaticSection } from './StaticSection';
import { heldSection } from './StaticSection';

/**
 * An interactive part of a page that the first screen does not need (decision 085): a form below
 * the fold, the language hint. Like a static section (see StaticSection) its code is a chunk of its
 * own that the server and a navigation load with the page, listed in the page module's `sections`.
 * On a first visit it keeps the server's markup, and fetches and hydrates its code when it is
 * needed: near the window, touched, or when the browser is idle. `rootId` names its server
 * markup's first element (without it, only the idle period wakes it). If its code cannot load, the
 * server's markup stays, which works without script.
 */
export function island(
  chunkId: string,
  load: () => Promise<ComponentType>,
  { rootId, texts = [] }: { rootId?: string; texts?: readonly CataloguePart[] } = {},
): StaticSection {
  return heldSection(chunkId, load, texts, () => {
    const hold = islandHold(chunkId, rootId);
    return hold && { hold, keepOnFailure: true };
  });
}
