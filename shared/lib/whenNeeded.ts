/** How far below (or above) the window an island starts to hydrate, so it is ready when it scrolls in. */
const ISLAND_MARGIN = '300px 0px';
/** The longest an island waits for an idle period once the page has hydrated. */
const ISLAND_IDLE_TIMEOUT_MS = 5000;

/** The first touches of an island that wake it: in the capture phase on the window, before React's own listener on the document stops them (decision 002). */
const TOUCHES = ['pointerdown', 'focusin', 'keydown'] as const;

/** An idle period: the island's hold is made while the page hydrates, and the browser is not idle before that is done. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: ISLAND_IDLE_TIMEOUT_MS });
    else setTimeout(resolve, ISLAND_IDLE_TIMEOUT_MS);
  });
}

/**
 * Resolves when an island of the page is needed (decision 085): its element comes near the window,
 * or is touched (a pointer down, focus, a key), or the browser is idle after the page's hydration,
 * whichever comes first. What the touch did stays in the DOM (a typed value, the focus), and the
 * island's hydration takes it over. Without an element (an island the server rendered empty) only
 * the idle period wakes it.
 */
export function whenNeeded(element: Element | null): Promise<void> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const wake = () => {
      for (const stop of stops) stop();
      resolve();
    };
    void idle().then(wake);
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), {
      rootMargin: ISLAND_MARGIN,
    });
    // From the load event on: a page opened at a fragment (/contact#faq) is scrolled there by then, and an
    // island it scrolled past is not seen in the window's first place.
    const observe = () => observer.observe(element);
    if (document.readyState === 'complete') observe();
    else window.addEventListener('load', observe, { once: true });
    stops.push(() => {
      window.removeEventListener('load', observe);
      observer.disconnect();
    });
    const touched = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) wake();
    };
    for (const type of TOUCHES) {
      window.addEventListener(type, touched, { capture: true });
      stops.push(() => window.removeEventListener(type, touched, { capture: true }));
    }
  });
}
