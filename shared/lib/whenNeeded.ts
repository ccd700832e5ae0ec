/** How far below (or above) the window an island starts to hydrate, so it is ready when it scrolls in. */
const ISLAND_MARGIN_PX = 300;
/** A scroll is over once no scroll event came for this long (a smooth scroll sends one a frame). */
const SCROLL_SETTLED_MS = 150;
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

/** Resolves once the window has not scrolled for a while: at once when it is not scrolling. */
function scrollSettled(): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, SCROLL_SETTLED_MS);
    const moved = () => {
      clearTimeout(timer);
      timer = setTimeout(done, SCROLL_SETTLED_MS);
    };
    function done() {
      window.removeEventListener('scroll', moved);
      resolve();
    }
    window.addEventListener('scroll', moved, { passive: true });
  });
}

/** Whether an element is within the margin of the window now. */
function nearTheWindow(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= -ISLAND_MARGIN_PX && top <= window.innerHeight + ISLAND_MARGIN_PX;
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
    // Near the window where a scroll ends, not on the way: a page opened at a fragment (/contact#faq) is
    // scrolled there smoothly (scroll-behavior), past the island, around the load event, and the observer
    // may see it on the way. The observer tells each time the island comes near, so one seen on the way
    // and left behind is told of again if the visitor comes back to it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          void scrollSettled().then(() => nearTheWindow(element) && wake());
      },
      { rootMargin: `${ISLAND_MARGIN_PX}px 0px` },
    );
    // From the load event on: by then the window is on its way to the fragment, if any.
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
