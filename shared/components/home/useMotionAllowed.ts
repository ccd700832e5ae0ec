import { useSyncExternalStore } from 'react';

import { motionReduced, REDUCED_MOTION } from '../../lib/motion';

/** At the latest this long after the page woke up, motion starts even if the browser was never idle. */
const IDLE_TIMEOUT_MS = 2000;

/** True once the browser has been idle after the hydration: motion waits for it. */
let settled = false;
const waiting = new Set<() => void>();

/**
 * Tells `onChange` once the main thread is first idle. Starting the typewriter and the parallax (a
 * re-render of the hero, timers, a style write) in hydration's own task made one of the home page's long
 * tasks (decision 002); in an idle period it costs no visitor a delay.
 */
function afterIdle(onChange: () => void): void {
  if (settled) return;
  waiting.add(onChange);
  if (waiting.size > 1) return;
  const done = () => {
    settled = true;
    const told = [...waiting];
    waiting.clear();
    told.forEach((tell) => tell());
  };
  if ('requestIdleCallback' in window) requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(done, 300);
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  afterIdle(onChange);
  return () => {
    query.removeEventListener('change', onChange);
    waiting.delete(onChange);
  };
}

/**
 * True in the browser when the visitor has not asked for reduced motion,
 * once the browser has first been idle after the page woke up.
 * The server and the hydrating render answer false, so the markup they share
 * is the still version; motion starts only after hydration, and stops if the
 * setting changes while the page is open.
 */
export function useMotionAllowed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled && !motionReduced(),
    () => false,
  );
}
