/**
 * The page's one script tag. It imports nothing, so all the browser fetches
 * before the first paint is this small file: the framework and the page's chunks
 * are asked for only once the server's markup is on screen. (Any module imported
 * statically, even one esbuild inlines, makes esbuild add an import of its shared
 * runtime chunk: everything the entry runs is in this file.)
 */
import type { PageOpening, RuntimeConfig } from '../shared/lib/runtime';

/**
 * RUNTIME_CONFIG_ID (shared/lib/runtime.ts), written out: importing it would put that
 * module in a shared chunk, which the browser would fetch before the first paint.
 */
const CONFIG_BLOCK_ID = 'runtime-config';

/** The run-time values the server wrote into the page's JSON data block. */
function readRuntimeConfig(): RuntimeConfig {
  return JSON.parse(document.getElementById(CONFIG_BLOCK_ID)?.textContent ?? '{}') as RuntimeConfig;
}

/** Resolves once the browser has painted the page (a hidden tab paints, and so resolves, when shown). */
function firstPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    // A frame, then a task: after that frame's paint.
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * A new task: what follows runs after the browser has had the main thread back (input, paint).
 * scheduler.yield() resumes ahead of other queued work; chained timeouts would wait at least 4 ms
 * each after the fifth, about a tenth of a second over a page's thirty scripts.
 */
function nextTask(): Promise<void> {
  if ('scheduler' in globalThis && 'yield' in scheduler) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Asks for every script the hydration will run, so that the staged imports below wait on no round
 * trip. One request per task: Chromium spends a few milliseconds starting each, and ten at once
 * would be one long task on a slow phone.
 */
async function preloadModules(modules: readonly string[] = []): Promise<void> {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
}

/** Runs the work once the browser is idle, or soon where there is no idle callback. */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

/** Each page opening's module (PageOpening): its open() returns true when the page must wake at once. */
const OPENINGS: Record<PageOpening, () => Promise<{ open: () => boolean }>> = {
  hero: () => import('./heroOpening'),
  bookingZone: () => import('./book/zoneOpening'),
};

/** What tells that the visitor is using the page: a pointer that moves or presses, a key, focus, a scroll. */
const USE_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];

/** Resolves at the visitor's first use of the page (USE_EVENTS, heard on the window as they go down). */
function firstUse(): Promise<void> {
  return new Promise((resolve) => {
    const used = () => {
      for (const type of USE_EVENTS) removeEventListener(type, used, { capture: true });
      resolve();
    };
    for (const type of USE_EVENTS) addEventListener(type, used, { capture: true, passive: true });
  });
}

async function start(): Promise<void> {
  await firstPaint();
  const runtime = readRuntimeConfig();
  // A page that answers another URL (the booking page's free times) would hydrate the wrong route: it runs its own.
  if (runtime.viewScript) {
    await import(runtime.viewScript);
    return;
  }
  // Every page reads, links and posts its forms without script: the framework wakes it at the visitor's first
  // use (decision 100). A page no one touches runs no framework.
  const used = firstUse();
  // The page's view and its vitals are counted whether or not it wakes up, and its opening runs on the server's
  // markup (the home page's hero moves), unless the page woke first; an opening may need it to wake at once.
  let woken = false;
  const landing = window.location.href;
  const openingWakes = new Promise<void>((wake) =>
    whenIdle(() => {
      void import('./vitals').then(({ startVitals }) => startVitals());
      void import('./analytics').then(({ startAnalytics }) => startAnalytics(landing));
      if (runtime.opening)
        void OPENINGS[runtime.opening]().then(({ open }) => {
          if (!woken && open()) wake();
        });
    }),
  );
  await Promise.race([used, openingWakes]);
  woken = true;
  await preloadModules(runtime.modules);
  // Each import evaluates its module graph in one task: the route tree with React and the router
  // first, then React DOM with the hydration, each in a task of its own, so neither holds the main thread long.
  await import('../shared/pageShell');
  await nextTask();
  const { hydrate } = await import('./hydrate');
  await hydrate(runtime);
}

start().catch((error: unknown) => console.error(error));
