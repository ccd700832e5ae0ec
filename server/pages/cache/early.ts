import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Express } from 'express';

import { localizedRoutes } from '../../../shared/routes';
import type { Drain } from '../../http/drain';
import type { RequestStart } from '../../http/requestStart';
import type { AppRoute } from '../../http/routesAnswering';
import { appRoutes, unnamedRoutes } from '../../http/routesAnswering';
import type { BeforeTheApp, PageCaching } from './index';
import { sendKeptPage } from './send';

/**
 * What the app answers before its pages, by path (decision 054): where a plain path that is no page is none
 * of these, the early answer sends its kept not-found page.
 */
interface BeforePages {
  /** Paths answered with everything under them, in any case: "/api" names "/api", "/API/x" and "/api/x/y". */
  prefixes: readonly string[];
  /** Whether any file name is the app's: a path whose last segment has a dot ("/robots.txt", "/icons/a.svg"). */
  fileNames: boolean;
  /** Whether a path is a published article's old slug, which its route answers with a 301; asked last. */
  oldSlug(path: string): boolean;
}

export interface EarlyAnswers {
  /** The kept pages; none in development, where every request goes to the app. */
  cache: PageCaching | undefined;
  /** While draining, every request goes to the app, which refuses it. */
  drain: Drain;
  /** The request's id, log line and count, as the app gives its own answers. */
  start: RequestStart;
  beforePages: BeforePages;
}

/**
 * The site as Node's request listener: what a server (main.ts) or a test (supertest) is given; with the
 * Express app's routes, for what checks them (the console's authorisation test walks them all).
 */
export type SiteApp = ((req: IncomingMessage, res: ServerResponse) => void) & { routes(): AppRoute[] };

/** The route app.ts renders every other GET with: a page, or the not-found page. */
export const PAGE_CATCH_ALL = '/{*splat}';

/**
 * The Express route patterns that answer a page's own paths, which need no name in BeforePages: the
 * renderer's catch-all in app.ts, and the routes at a page's pattern (an old slug's 301, a newsletter link).
 */
const pageRoutePatterns: ReadonlySet<string> = new Set([PAGE_CATCH_ALL, ...localizedRoutes().map(({ path }) => path)]);

const PREFIX = /^(?:\/[^/]+)+$/;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether BeforePages names a path by its prefixes or as a file name (its old slugs aside): one regex test. */
function namedBy({ prefixes, fileNames }: BeforePages): (path: string) => boolean {
  const odd = prefixes.find((prefix) => !PREFIX.test(prefix));
  if (odd !== undefined) throw new Error(`Not a path prefix: "${odd}" (a slash and a segment or more, no slash last)`);
  const alternatives = [
    ...(prefixes.length ? [`^(?:${prefixes.map(escaped).join('|')})(?:/|$)`] : []),
    ...(fileNames ? ['\\.[^/]*$'] : []),
  ];
  // Any case, as Express's routers match ("/STAFF/leads" is the console's).
  const named = new RegExp(alternatives.join('|') || '(?!)', 'i');
  return (path) => named.test(path);
}

/**
 * The site's Node listener: kept pages, and the kept not-found page of a plain path that nothing before the
 * pages answers, go out before Express has any work to do, as nginx would send a file (decisions 049, 054):
 * with the request's id, log line and count as the app gives them (decision 056), their headers prepared at
 * their first render. Everything else goes to the app. Throws at start if the app has a route a GET can
 * reach that BeforePages does not name: the early not-found answer would hide it.
 */
export function withEarlyAnswers(app: Express, { cache, drain, start, beforePages }: EarlyAnswers): SiteApp {
  const named = namedBy(beforePages);
  const hidden = unnamedRoutes(app.router, named, pageRoutePatterns);
  if (hidden.length)
    throw new Error(`Routes answered before the pages, not named in beforePages: ${hidden.join(', ')}`);
  const routes = () => appRoutes(app.router);
  if (!cache) return Object.assign((req: IncomingMessage, res: ServerResponse) => app(req, res), { routes });

  const beforeTheApp: BeforeTheApp = { notFoundFor: (path) => !named(path) && !beforePages.oldSlug(path) };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const kept = drain.draining ? undefined : cache.lookup(req, beforeTheApp);
    if (!kept) {
      app(req, res);
      return;
    }
    // One synchronous call: its log line and count follow it at once (requestStart's sendNow).
    start.sendNow(req, res, (requestId) => sendKeptPage(req, res, kept, requestId));
    // Bytes a slow reader has not taken yet keep the answer under way until they are sent (decision 056).
    if (res.socket?.writableLength) drain.track(res);
  };
  return Object.assign(listener, { routes });
}
