/**
 * The page's one script tag. It imports nothing, so all the browser fetches
 * before the first paint is this small file: the framework and the page's chunks
 * are asked for only once the server's markup is on screen. (Any module imported
 * statically, even one esbuild inlines, makes esbuild add an import of its shared
 * runtime chunk: everything the entry runs is in this file.)
 */
import type { RuntimeConfig } from '../shared/lib/runtime';

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

async function start(): Promise<void> {
  await firstPaint();
  const runtime = readRuntimeConfig();
  // A page that answers another URL (the booking page's free times) would hydrate the wrong route: it runs its own.
  if (runtime.viewScript) {
    await import(runtime.viewScript);
    return;
  }
  await preloadModules(runtime.modules);
  // Each import evaluates its module graph in one task: the route tree with React and the router
  // first, then React DOM with the hydration, each in a task of its own, so neither holds the main thread long.
  await import('../shared/pageShell');
  await nextTask();
  const { hydrate } = await import('./hydrate');
  await hydrate(runtime);
}

start().catch((error: unknown) => console.error(error));
