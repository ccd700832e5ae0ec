import type { ClickEvent, VisitBeacon } from '../shared/lib/attribution';
import { ANALYTICS_ENDPOINT } from '../shared/lib/attribution';
import { recordPageView } from '../shared/lib/visit';

/** Do Not Track or Global Privacy Control: nothing is recorded or sent (the server checks the headers too). */
const optedOut = () =>
  navigator.doNotTrack === '1' || (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;

const device = () => (matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop');

/**
 * Counts the visit's page views, client-side navigations included, and its "Call Us Now" and e-mail clicks,
 * one beacon each (decision 046). Loaded in its own chunk after hydration, as web-vitals is. `views` are the
 * URLs shown so far, the landing page first; the function returned counts each later one.
 */
export function startAnalytics(views: readonly string[]): (url: string) => void {
  if (optedOut()) return () => {};
  let first = recordPageView(views[0]!, document.referrer).visit.first;
  const send = (kind: VisitBeacon['kind'], page: string) => {
    const beacon: VisitBeacon = { kind, page, device: device(), touch: first };
    navigator.sendBeacon(ANALYTICS_ENDPOINT, JSON.stringify(beacon));
  };
  send('view', new URL(views[0]!).pathname);
  // A client-side navigation keeps document.referrer: only the landing page's is the visit's.
  const countView = (url: string) => {
    first = recordPageView(url, '').visit.first;
    send('view', new URL(url).pathname);
  };
  views.slice(1).forEach(countView);
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
  return countView;
}
