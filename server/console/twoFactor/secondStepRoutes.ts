import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import { formEndpoint, readBody } from '../../http/formEndpoint';
import type { Logger } from '../../http/logger';
import type { RateLimitCounters } from '../../http/rateLimitCounters';
import { ownAccountAudit } from '../audit/record';
import type { StaffAuth } from '../auth';
import { returnPath, SECOND_STEP_PATH } from '../auth';
import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { consoleUser, sendPage, textFields } from '../page';
import type { Role } from '../roles';
import type { SessionOpener } from '../signInRoutes';
import type { SecondStepThrottle } from '../signInThrottle';
import type { TwoFactorStore } from './store';
import { twoFactorCopy } from './texts';
import { RecoveryCodesPage } from './views/RecoveryCodesPage';
import { SecondStepPage } from './views/SecondStepPage';

interface SecondStepOptions {
  db: Database;
  siteUrl: string;
  logger: Logger;
  counters?: RateLimitCounters;
  auth: StaffAuth;
  assets: () => ConsoleAssets;
  store: TwoFactorStore;
  throttle: SecondStepThrottle;
  home: (role: Role) => string;
  /** What follows once the whole session is open: the audit row, a kept form finished, or the page asked for. */
  opened: SessionOpener;
}

/** Code posts one client may make per minute (the lock after five wrong ones is the real limit). */
const POSTS_PER_MINUTE = 60;

/**
 * GET and POST /staff/second-step, POST /staff/second-step/set-up (decision 071): the only pages a pending session
 * opens besides sign-out. Passing them ends the pending session and starts a whole one, so the token that only
 * passed the password is worth nothing after.
 */
export function secondStepRoutes(options: SecondStepOptions): Router {
  const { db, siteUrl, logger, counters, auth, assets, store, throttle, home, opened } = options;
  const router = Router();
  const guard = [
    ...formEndpoint({
      siteUrl,
      perMinute: POSTS_PER_MINUTE,
      counters: counters?.('staff-second-step'),
      maxBytes: 4096,
    }),
    auth.requireAnySession,
    auth.requireCsrf,
  ] as RequestHandler[];
  /** A whole session has nothing to do here: on to its home. */
  const pendingOnly: RequestHandler = (_req, res, next) => {
    const session = res.locals.staffSession!;
    if (session.pending) next();
    else res.redirect(303, home(session.role));
  };
  const codeOf = (req: Request, res: Response) => {
    const body = readBody(req, res);
    return (textFields(body.ok ? body.fields : undefined).code ?? '').trim();
  };
  const show = async (req: Request, res: Response, status: number, error?: string) => {
    const session = res.locals.staffSession!;
    // Someone who must set up a second factor and has none is shown the set-up; everyone else the code field.
    const setUpSecret = (await store.status(session.accountId)).on
      ? undefined
      : await store.setUpSecret(session.accountId);
    sendPage(
      res,
      status,
      createElement(SecondStepPage, {
        ...{ assets: assets(), user: consoleUser(res), setUpSecret, error },
        next: returnPath(req.query.next),
      }),
    );
  };
  /** The pending session ends, a whole one begins: what the page shows next is signed with its token. */
  const passed = async (req: Request, res: Response): Promise<string> => {
    const session = res.locals.staffSession!;
    await auth.sessions.end(auth.cookie.read(req)!);
    const token = await auth.sessions.create(session.accountId, undefined, { userAgent: req.get('user-agent') ?? '' });
    auth.cookie.set(res, token);
    res.locals.staffSession = (await auth.sessions.resume(token))!;
    await throttle.succeed(session.email);
    return token;
  };
  const audit = ownAccountAudit(db);
  const logged = (res: Response, outcome: string) =>
    logger.info({ event: 'staff second step', outcome, email: res.locals.staffSession!.email }, 'staff second step');

  router.get(SECOND_STEP_PATH, auth.requireAnySession, pendingOnly, async (req, res) => {
    await show(req, res, 200);
  });

  router.post(SECOND_STEP_PATH, ...guard, pendingOnly, async (req, res, fail) => {
    const session = res.locals.staffSession!;
    const code = codeOf(req, res);
    if (code === '') {
      await show(req, res, 400, twoFactorCopy.missing);
      return;
    }
    const lockedFor = await throttle.reserve(session.email);
    if (lockedFor !== undefined) {
      logged(res, 'locked');
      await audit(res, 'sign-in.lock', 'second step locked');
      res.setHeader('Retry-After', String(lockedFor));
      await show(req, res, 429, twoFactorCopy.locked(Math.ceil(lockedFor / 60)));
      return;
    }
    const outcome = await store.check(session.accountId, code);
    logged(res, outcome);
    if (outcome === 'wrong' || outcome === 'replayed') {
      await throttle.fail(session.email);
      await audit(res, 'sign-in.fail', outcome === 'wrong' ? 'wrong second-step code' : 'second-step code used again');
      await show(req, res, 401, twoFactorCopy.wrong);
      return;
    }
    const token = await passed(req, res);
    const account = { id: session.accountId, email: session.email, role: session.role };
    await opened(req, res, fail, {
      ...{ account, token },
      // A recovery code used is said on the account page, with how many are left.
      next: outcome === 'recovery' ? '/staff/account?saved=recovery' : returnPath(req.query.next),
      detail: outcome === 'recovery' ? 'with a recovery code' : 'with a code',
    });
  });

  router.post(`${SECOND_STEP_PATH}/set-up`, ...guard, pendingOnly, async (req, res) => {
    const session = res.locals.staffSession!;
    const codes = await store.confirm(session.accountId, codeOf(req, res));
    if (!Array.isArray(codes)) {
      logged(res, 'set-up refused');
      await show(req, res, 400, twoFactorCopy.wrong);
      return;
    }
    logged(res, 'set up');
    await passed(req, res);
    await audit(res, 'two-factor', 'set up at sign-in');
    await audit(res, 'sign-in', 'after setting up two factors');
    const next = { href: returnPath(req.query.next) ?? home(session.role), label: 'Continue to the console' };
    sendPage(res, 200, createElement(RecoveryCodesPage, { assets: assets(), user: consoleUser(res), codes, next }));
  });

  return router;
}
