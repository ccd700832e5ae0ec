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

/**
 * Records a page view of the visit: the first page sets the first touch; a later page that carries UTM
 * parameters or comes from another site becomes the last touch. Returns the visit and whether this was its
 * first page.
 */
export function recordPageView(url: string, referrer: string): { visit: Visit; entry: boolean } {
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
