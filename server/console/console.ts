import type { RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import { formEndpoint } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import type { AssetSource } from '../http/manifest';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { forbidScripts } from '../http/security';
import { sameToken, staffAuth } from './auth';
import type { ConsoleAlert, ConsoleAssets, ConsoleNavEntry } from './kit/ConsoleDocument';
import { consoleUser, sendPage } from './page';
import { signInRoutes } from './signInRoutes';
import { consoleCopy } from './texts';
import { NotFoundPage } from './views/NotFoundPage';

/** Console posts one client may make per minute. */
const POSTS_PER_MINUTE = 60;
/** A note is at most 5000 characters; the rest of a console form is small. */
const POST_LIMIT_BYTES = 32 * 1024;

/** What a console section needs to answer behind the sign-in. */
export interface ConsoleSectionTools {
  assets: () => ConsoleAssets;
  /** What every console post passes first (see guardPost below), its body bounded to maxBytes (32 KB by default). */
  guardPost: (maxBytes?: number) => RequestHandler[];
  /**
   * The same for a file upload (multipart/form-data): the body is read raw, and the handler, which parses
   * it, checks its csrf field with csrfMatches.
   */
  guardUpload: (maxBytes: number) => RequestHandler[];
  csrfMatches: (res: Response, sent: unknown) => boolean;
  renderNotFound: (res: Response, message: string) => void;
}

/**
 * A part of the console, brought by the feature it shows (the leads, the newsletter, the articles…): its link in
 * the header and its routes, mounted behind the sign-in.
 */
export interface ConsoleSection {
  nav: ConsoleNavEntry;
  routes: (tools: ConsoleSectionTools) => Router;
}

interface StaffConsoleOptions {
  db: Database;
  logger: Logger;
  siteUrl: string;
  /** Shared rate-limit counters, when several instances run. */
  counters?: RateLimitCounters;
  /** The build manifest, which names the console's stylesheet. */
  assets: AssetSource;
  /** Told when a client's wrong passwords just locked an account's sign-in. */
  locked?: () => Promise<void>;
  /** The alerts active now, shown at the top of every page to the signed-in staff. */
  alerts?: () => Promise<readonly ConsoleAlert[]>;
  /** The console's sections, in the header's order; the first is the console's home page. */
  sections: readonly ConsoleSection[];
}

/**
 * Everything under /staff: sign-in is the only page open without a session;
 * every other URL, known or not, answers 303 to it and shows nothing. Every
 * answer is no-store, noindex, never compressed and runs no script.
 */
export function staffConsole({
  db,
  logger,
  siteUrl,
  assets: build,
  counters,
  locked,
  alerts = async () => [],
  sections,
}: StaffConsoleOptions): Router {
  const assets = (): ConsoleAssets => ({ stylesheet: build().consoleStylesheet });
  const auth = staffAuth(db, siteUrl);
  const router = Router();
  const nav = sections.map((section) => section.nav);

  const consoleHeaders: RequestHandler = (_req, res, next) => {
    // no-transform: neither the app's compression nor Caddy's compresses a page that holds the CSRF
    // token beside text from the URL, so its size tells nothing about the token (BREACH, decision 031).
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    forbidScripts(res);
    res.locals.staffNav = nav;
    next();
  };
  router.use(['/staff', '/staff/{*rest}'], consoleHeaders);
  router.use(signInRoutes({ db, logger, siteUrl, auth, assets, counters, locked }));
  router.use(['/staff', '/staff/{*rest}'], auth.requireSession);
  // Read for each page, so the top bar says what is wrong now (a few counts; the console is seldom busy).
  router.use(['/staff', '/staff/{*rest}'], async (_req, res, next) => {
    res.locals.staffAlerts = await alerts();
    next();
  });

  const guardPost = (maxBytes = POST_LIMIT_BYTES) =>
    [
      ...formEndpoint({
        siteUrl,
        perMinute: POSTS_PER_MINUTE,
        counters: counters?.('staff'),
        maxBytes,
        formPage: '/staff',
      }),
      auth.requireCsrf,
    ] as RequestHandler[];
  const guardUpload = (maxBytes: number) =>
    formEndpoint({
      siteUrl,
      perMinute: POSTS_PER_MINUTE,
      counters: counters?.('staff'),
      maxBytes,
      formPage: '/staff',
      anyMediaType: true,
    }) as RequestHandler[];
  const csrfMatches = (res: Response, sent: unknown) =>
    typeof sent === 'string' && sameToken(sent, res.locals.staffSession!.csrfToken);
  const renderNotFound = (res: Response, message: string) =>
    sendPage(res, 404, createElement(NotFoundPage, { assets: assets(), user: consoleUser(res), message }));

  const home = nav[0]?.href;
  if (home) router.get('/staff', (_req, res) => res.redirect(303, home));
  for (const section of sections)
    router.use(section.routes({ assets, guardPost, guardUpload, csrfMatches, renderNotFound }));
  router.all('/staff/{*rest}', (_req, res) => renderNotFound(res, consoleCopy.notFound));
  return router;
}
