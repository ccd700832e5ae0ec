import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import type { AfterAnswer } from '../http/afterAnswer';
import { formEndpoint } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import type { AssetSource } from '../http/manifest';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { appRoutes } from '../http/routesAnswering';
import { forbidScripts } from '../http/security';
import type { OutboxKind } from '../outbox/kinds';
import type { OutboxStore } from '../outbox/store';
import { forgotRoutes } from './access/forgotRoutes';
import { staffLinkKind } from './access/linkMail';
import { passwordRoutes } from './access/passwordRoutes';
import { auditSection } from './audit/section';
import { sameToken, staffAuth } from './auth';
import { keptFormFlow } from './keptFormRoutes';
import { createKeptForms } from './keptForms';
import type { ConsoleAlert, ConsoleAssets } from './kit/ConsoleDocument';
import { consoleUser, sendPage } from './page';
import { staffNames } from './people/names';
import { peopleSection } from './people/section';
import { askForCheck, CHECK_PATH, recentCheckRoutes, requireRecentCheck } from './recentCheck';
import type { ConsoleSection } from './section';
import { UPLOAD_MAX_BYTES } from './section';
export type { ConsoleSection, ConsoleSectionTools } from './section';
import type { Role } from './roles';
import { ROLES } from './roles';
import { sessionRoutes, SESSIONS_PATHS } from './sessionRoutes';
import { sessionOpener, signInRoutes } from './signInRoutes';
import { createSecondStepThrottle } from './signInThrottle';
import { consoleCopy } from './texts';
import { accountRoutes } from './twoFactor/accountRoutes';
import { secondStepRoutes } from './twoFactor/secondStepRoutes';
import { secretBox } from './twoFactor/secretBox';
import { createTwoFactorStore } from './twoFactor/store';
import { ForbiddenPage } from './views/ForbiddenPage';
import { NotFoundPage } from './views/NotFoundPage';

/** Console posts one client may make per minute. */
const POSTS_PER_MINUTE = 60;
/** A note is at most 5000 characters; the rest of a console form is small. */
const POST_LIMIT_BYTES = 32 * 1024;

/** A console path and the roles it admits: what the authorisation test walks. */
export interface ConsoleRouteRoles {
  pattern: string;
  roles: readonly Role[];
}

/** The console with the roles each of its paths admits. */
export type StaffConsole = Router & {
  routeRoles: readonly ConsoleRouteRoles[];
  /** The e-mails the console sends (invitations and resets), for the outbox worker to register. */
  outboxKinds: readonly OutboxKind[];
};

interface StaffConsoleOptions {
  db: Database;
  logger: Logger;
  siteUrl: string;
  /** Shared rate-limit counters, when several instances run. */
  counters?: RateLimitCounters;
  /** The build manifest, which names the console's stylesheet. */
  assets: AssetSource;
  /** The site's outbox, which sends invitations and reset links, and what has it send them at once. */
  outbox: OutboxStore;
  wakeOutbox: () => void;
  /** Work done after the answer: a reset link is made once "Forgot password?" has answered. */
  afterAnswer: AfterAnswer;
  /** Told when a client's wrong passwords just locked an account's sign-in. */
  locked?: () => Promise<void>;
  /** The alerts active now, shown at the top of every page to the signed-in staff. */
  alerts?: () => Promise<readonly ConsoleAlert[]>;
  /** The alerts for the signed-in person alone (their leads' next steps due), after the others. */
  personalAlerts?: (email: string) => Promise<readonly ConsoleAlert[]>;
  /** The features' console sections, in the header's order; the first a role may open is its home page. */
  sections: readonly ConsoleSection[];
  /** The site's key that TOTP secrets are sealed with (ANALYTICS_KEY when set; none: kept as they are, decision 071). */
  secretKey?: string;
}

/**
 * What the console itself answers behind the sign-in, for anyone signed in: its home, sign-out, their sessions, the
 * fresh check of the password (decision 070), not found, and the second step of sign-in (the one page a pending
 * session opens besides sign-out, decision 071).
 */
const OPEN_TO_ROLES = [
  '/staff',
  '/staff/sign-out',
  '/staff/second-step',
  '/staff/second-step/set-up',
  CHECK_PATH,
  ...SESSIONS_PATHS,
  '/staff/{*rest}',
];

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
  outbox,
  wakeOutbox,
  afterAnswer,
  locked,
  alerts = async () => [],
  personalAlerts = async () => [],
  sections: featureSections,
  secretKey,
}: StaffConsoleOptions): StaffConsole {
  const assets = (): ConsoleAssets => ({ stylesheet: build().consoleStylesheet });
  const auth = staffAuth(db, siteUrl);
  const router = Router();
  const twoFactor = createTwoFactorStore(db, secretBox(secretKey));
  const throttle = createSecondStepThrottle(db);
  const sections = [
    ...featureSections,
    peopleSection({ db, outbox, wakeOutbox, siteUrl, twoFactor }),
    auditSection(db),
  ];

  const consoleHeaders: RequestHandler = (_req, res, next) => {
    // no-transform: neither the app's compression nor Caddy's compresses a page that holds the CSRF
    // token beside text from the URL, so its size tells nothing about the token (BREACH, decision 031).
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    forbidScripts(res);
    next();
  };
  router.use(['/staff', '/staff/{*rest}'], consoleHeaders);
  const navOf = (role: Role) => sections.filter((section) => section.roles.includes(role)).map(({ nav }) => nav);
  // A role with no section at all lands on the console's not-found page, never in a loop of redirects.
  const home = (role: Role) => navOf(role)[0]?.href ?? '/staff/none';
  const keptForms = keptFormFlow({
    ...{ siteUrl, auth, counters, perMinute: POSTS_PER_MINUTE },
    kept: createKeptForms(db),
    dispatch: (req, res, next) => router(req, res, next),
  });
  // A whole session opens after the password, or after the second step when the person has one (decision 071).
  const opened = sessionOpener({ db, keptForms, home });
  router.use(signInRoutes({ db, logger, siteUrl, auth, assets, counters, locked, home, twoFactor, opened, keptForms }));
  router.use(
    secondStepRoutes({ db, siteUrl, logger, counters, auth, assets, store: twoFactor, throttle, home, opened }),
  );
  // "Forgot password?" and the page of an invitation's or a reset's link: open without a session (decision 070).
  const linkPages = { db, logger, siteUrl, counters, assets, outbox, wakeOutbox, afterAnswer };
  router.use(forgotRoutes(linkPages), passwordRoutes(linkPages));
  // A form posted after its session ended is kept for its person, before the session check sends them to sign in.
  router.use(keptForms.routes);
  // Past here a pending session is sent back to the second step: nothing behind it is reached without both factors.
  router.use(['/staff', '/staff/{*rest}'], auth.requireSession);
  // Read for each page, so the top bar says what is wrong now (a few counts; the console is seldom busy).
  // The header shows only the sections the person's role may open.
  router.use(['/staff', '/staff/{*rest}'], async (_req, res, next) => {
    res.locals.staffAlerts = [...(await alerts()), ...(await personalAlerts(res.locals.staffSession!.email))];
    res.locals.staffNav = navOf(res.locals.staffSession!.role);
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
  const guardUpload = () =>
    formEndpoint({
      siteUrl,
      perMinute: POSTS_PER_MINUTE,
      counters: counters?.('staff'),
      maxBytes: UPLOAD_MAX_BYTES,
      formPage: '/staff',
      anyMediaType: true,
    }) as RequestHandler[];
  const csrfMatches = (res: Response, sent: unknown) =>
    typeof sent === 'string' && sameToken(sent, res.locals.staffSession!.csrfToken);
  const renderNotFound = (res: Response, message: string) =>
    sendPage(res, 404, createElement(NotFoundPage, { assets: assets(), user: consoleUser(res), message }));

  const tools = {
    ...{ assets, guardPost, guardUpload, csrfMatches, renderNotFound, staffNames: () => staffNames(db) },
    recentCheck: requireRecentCheck(assets),
    askForCheck: (req: Request, res: Response) => askForCheck(req, res, assets),
  };
  router.use(recentCheckRoutes({ db, logger, assets, guardPost: guardPost() }));

  router.get('/staff', (_req, res) => {
    const first = navOf(res.locals.staffSession!.role)[0];
    if (first) res.redirect(303, first.href);
    else renderNotFound(res, consoleCopy.notFound);
  });
  // Each person's own account page: every role, no section in the header (their name there links to it).
  const account = accountRoutes({ db, logger, assets, guardPost, store: twoFactor, throttle });
  router.use(account);
  router.use(sessionRoutes({ db, auth, assets, guardPost: guardPost() }));
  const open = [...OPEN_TO_ROLES, ...new Set(appRoutes(account).map((route) => route.pattern))];
  const routeRoles: ConsoleRouteRoles[] = open.map((pattern) => ({ pattern, roles: ROLES }));
  for (const section of sections) {
    const routes = section.routes(tools);
    // The role check stands at every path the section answers, before it: a route added to a section is
    // checked without a word more, and a role outside the list never reaches the section's handlers.
    const patterns = [...new Set(appRoutes(routes).map((route) => route.pattern))];
    const admits = allowRoles(section.roles, assets);
    if (patterns.length > 0) router.all(patterns, admits);
    router.use(routes);
    routeRoles.push(...patterns.map((pattern) => ({ pattern, roles: section.roles })));
  }
  router.all('/staff/{*rest}', (_req, res) => renderNotFound(res, consoleCopy.notFound));
  return Object.assign(router, { routeRoles, outboxKinds: [staffLinkKind] });
}

/** Lets the request on when the signed-in person's role is one of these; else 403 and the console's small page. */
function allowRoles(roles: readonly Role[], assets: () => ConsoleAssets): RequestHandler {
  return (_req, res, next) => {
    if (roles.includes(res.locals.staffSession!.role)) {
      next();
      return;
    }
    sendPage(res, 403, createElement(ForbiddenPage, { assets: assets(), user: consoleUser(res) }));
  };
}
