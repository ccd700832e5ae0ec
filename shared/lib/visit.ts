import type { Attribution, Touch } from './attribution';
import { ATTRIBUTION_FIELD, isMarked, PAGE_LIMIT, PAGES_SEEN_LIMIT, touchOf } from './attribution';

/** The visit as sessionStorage keeps it (decision 046): it ends with the tab, and no cookie is set. */
interface Visit {
  first: Touch;
  last: Touch;
  pagesSeen: number;
}

const VISIT_KEY = 'visit';

function readVisit(): Visit | undefined {
  try {
    const visit = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? 'null') as Visit | null;
    return visit && typeof visit.pagesSeen === 'number' ? visit : undefined;
  } catch {
    return undefined; // storage off (a privacy mode) or unreadable: the server falls back on what it sees
  }
}

/** The view of a page that opened a visit, not yet written to the tab's storage (startVisit). */
let unsaved: { url: string; referrer: string } | undefined;

/** Writes the opening page's view to the visit, once: before any other page view, form or leaving. */
function saveOpening(): void {
  if (!unsaved) return;
  const { url, referrer } = unsaved;
  unsaved = undefined;
  removeEventListener('pagehide', saveOpening);
  document.removeEventListener('visibilitychange', saveOpening);
  recordPageView(url, referrer);
}

/** Whether this page opens a visit: reached from another site, an ad, a bookmark or a typed address, not reloaded or returned to. */
function opensVisit(referrer: string): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation?.type !== 'navigate') return false;
  try {
    return new URL(referrer).host !== location.host;
  } catch {
    return true; // no referrer
  }
}

/**
 * Records the view of the page the document loaded with, and returns the visit's first touch. A page that opens
 * a visit is its first touch, so it is counted without reading the tab's storage: a page's first use of its
 * session storage waits for the browser, 0.5–7 ms of a load's main thread (decision 106). It is written when
 * the visit is next needed: another page view, a form sent, or the page hidden or left.
 */
export function startVisit(url: string, referrer: string): Touch {
  if (!opensVisit(referrer)) return recordPageView(url, referrer).visit.first;
  unsaved = { url, referrer };
  addEventListener('pagehide', saveOpening);
  document.addEventListener('visibilitychange', saveOpening);
  return touchOf(url, referrer);
}

/**
 * Records a page view of the visit: the first page sets the first touch; a later page that carries UTM
 * parameters or comes from another site becomes the last touch. Returns the visit and whether this was its
 * first page.
 */
export function recordPageView(url: string, referrer: string): { visit: Visit; entry: boolean } {
  saveOpening();
  const touch = touchOf(url, referrer);
  const known = readVisit();
  const visit: Visit = known
    ? {
        first: known.first,
        last: isMarked(touch) ? touch : known.last,
        pagesSeen: Math.min(known.pagesSeen + 1, PAGES_SEEN_LIMIT),
      }
    : { first: touch, last: touch, pagesSeen: 1 };
  try {
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Storage can be full or off: this page view still counts, the next one starts a visit again.
  }
  return { visit, entry: !known };
}

/** The attribution a form sends from the page it is on: "" when the visit was never recorded (the server uses the Referer then). */
function attributionField(): string {
  saveOpening();
  const visit = readVisit();
  if (!visit) return '';
  const attribution: Attribution = {
    first: visit.first,
    last: visit.last,
    formPage: location.pathname.slice(0, PAGE_LIMIT),
    // The pages seen before the form's own.
    pagesSeen: Math.max(0, visit.pagesSeen - 1),
  };
  return JSON.stringify(attribution);
}

/** Fills a form's hidden attribution field as it is sent, and returns its value for a JSON post. */
export function fillAttribution(form: HTMLFormElement): string {
  const value = attributionField();
  const field = form.elements.namedItem(ATTRIBUTION_FIELD);
  if (field instanceof HTMLInputElement) field.value = value;
  return value;
}
