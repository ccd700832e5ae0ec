/**
 * The page's one script tag. It imports nothing itself, so all the browser
 * fetches before the first paint is this small file: the framework and the
 * page's chunk are asked for only once the server's markup is on screen.
 */

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

async function start(): Promise<void> {
  await firstPaint();
  const { hydrate } = await import('./hydrate');
  await hydrate();
}

start().catch((error: unknown) => console.error(error));
