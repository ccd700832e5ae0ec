/**
 * Where a visit came from (decision 046): what the browser keeps in session storage for the visit, sends
 * with each page view, and attaches to a lead or a newsletter sign-up. No cookie, nothing that names a person.
 */

/** Where the browser sends its page views and conversion clicks. */
export const ANALYTICS_ENDPOINT = '/api/visits';
/** The image a page loads only without JavaScript (in <noscript>): its request counts the view (decision 048). */
export const ANALYTICS_PIXEL = '/api/visits.gif';

/** The hidden field a form sends the attribution in, as JSON: the contact form and the newsletter box. */
export const ATTRIBUTION_FIELD = 'attribution';

/** The longest value of a touch's fields; a longer one is cut, never refused. */
export const TOUCH_FIELD_LIMIT = 100;
/** The longest page path kept (a landing page, the form's page). */
export const PAGE_LIMIT = 200;
/** The most pages of a visit counted. */
export const PAGES_SEEN_LIMIT = 10_000;

/** One touch: the UTM parameters and the referring site's domain of a visit's arrival. */
export interface Touch {
  source: string;
  medium: string;
  campaign: string;
  /** utm_content: which version of a link; a newsletter e-mail's language (decision 074). */
  content: string;
  /** The referring site's host, without "www."; "" when there was none or it was this site. */
  referrer: string;
  /** The path the touch landed on, without its query. */
  landing: string;
}

/** A lead's or a sign-up's source: the visit's first and last touch, the form's page and the pages seen before it. */
export interface Attribution {
  first: Touch;
  last: Touch;
  formPage: string;
  pagesSeen: number;
}

/** The clicks counted as conversions in the browser; the others (a lead, a sign-up) are counted by the server. */
export const CLICK_EVENTS = ['call', 'email'] as const;
export type ClickEvent = (typeof CLICK_EVENTS)[number];

/** One beacon: a page view, or a conversion click on a page, with the visit's first touch. */
export interface VisitBeacon {
  kind: 'view' | ClickEvent;
  page: string;
  device: 'mobile' | 'desktop';
  touch: Touch;
}

const cut = (value: string | null | undefined, limit = TOUCH_FIELD_LIMIT) => (value ?? '').trim().slice(0, limit);

/** A referring URL's host without "www.", or "" for none, an unreadable one, or this site itself. */
function referrerDomain(referrer: string | undefined, siteHost: string): string {
  if (!referrer) return '';
  try {
    const { host, protocol } = new URL(referrer);
    if (!/^https?:$/.test(protocol) || host === siteHost) return '';
    return cut(host.toLowerCase().replace(/^www\./, ''));
  } catch {
    return '';
  }
}

/** The touch of a page reached from `referrer` at `url` (both full URLs). */
export function touchOf(url: string, referrer: string | undefined): Touch {
  const { searchParams, pathname, host } = new URL(url);
  return {
    source: cut(searchParams.get('utm_source')).toLowerCase(),
    medium: cut(searchParams.get('utm_medium')).toLowerCase(),
    campaign: cut(searchParams.get('utm_campaign')).toLowerCase(),
    content: cut(searchParams.get('utm_content')).toLowerCase(),
    referrer: referrerDomain(referrer, host),
    landing: cut(pathname, PAGE_LIMIT),
  };
}

/** A touch that says where it came from (a UTM source, a referring site): it replaces the last touch. */
export const isMarked = (touch: Touch): boolean => touch.source !== '' || touch.referrer !== '';

/** The one word a touch is reported under: its UTM source, else its referring site, else "(direct)". */
export const DIRECT_SOURCE = '(direct)';
export const sourceOf = (touch: Pick<Touch, 'source' | 'referrer'>): string =>
  touch.source || touch.referrer || DIRECT_SOURCE;
