import type { ClickEvent, VisitBeacon } from '../shared/lib/attribution';
import { ANALYTICS_ENDPOINT } from '../shared/lib/attribution';
import { recordPageView, startVisit } from '../shared/lib/visit';

/** Do Not Track or Global Privacy Control: nothing is recorded or sent (the server checks the headers too). */
const optedOut = () =>
  navigator.doNotTrack === '1' || (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;

const device = () => (matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop');

/** The pages navigations showed before the analytics started, in order. */
const waiting: string[] = [];
/** Counts a page view once the analytics have started; until then it waits in `waiting`. */
let count: ((url: string) => void) | undefined;

/** Counts a page shown by a navigation in the page (the landing page is counted by startAnalytics). */
export function countView(url: string): void {
  if (count) count(url);
  else waiting.push(url);
}

/**
 * Counts the visit's page views, client-side navigations included, and its "Call Us Now" and e-mail clicks,
 * one beacon each (decision 046). Started by the entry once the page is idle, whether or not the page has
 * woken up (decision 100), in its own chunk as web-vitals is.
 */
export function startAnalytics(landing: string): void {
  if (optedOut()) {
    count = () => {};
    return;
  }
  let first = startVisit(landing, document.referrer);
  const send = (kind: VisitBeacon['kind'], page: string) => {
    const beacon: VisitBeacon = { kind, page, device: device(), touch: first };
    navigator.sendBeacon(ANALYTICS_ENDPOINT, JSON.stringify(beacon));
  };
  send('view', new URL(landing).pathname);
  // A client-side navigation keeps document.referrer: only the landing page's is the visit's.
  count = (url: string) => {
    first = recordPageView(url, '').visit.first;
    send('view', new URL(url).pathname);
  };
  waiting.splice(0).forEach(count);
  // On the window as the click goes down: React stops a click inside a part it has not hydrated at its own
  // listener on the document (client/pageLinks.ts), so one that waits for it to bubble up never hears it.
  window.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const scheme = link?.getAttribute('href')?.split(':')[0];
      const click: ClickEvent | undefined = scheme === 'tel' ? 'call' : scheme === 'mailto' ? 'email' : undefined;
      if (click) send(click, location.pathname);
    },
    { capture: true },
  );
}
