import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { formEndpoint, readBody } from '../../http/formEndpoint';
import type { Logger } from '../../http/logger';
import type { RateLimitCounters } from '../../http/rateLimitCounters';
import type { StaffAuth } from '../auth';
import { SECOND_STEP_PATH } from '../auth';
import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { consoleUser, sendPage, textFields } from '../page';
import type { Role } from '../roles';
import type { SecondStepThrottle } from '../signInThrottle';
import type { TwoFactorStore } from './store';
import { twoFactorCopy } from './texts';
import { RecoveryCodesPage } from './views/RecoveryCodesPage';
import { SecondStepPage } from './views/SecondStepPage';

interface SecondStepOptions {
  siteUrl: string;
  logger: Logger;
  counters?: RateLimitCounters;
  auth: StaffAuth;
  assets: () => ConsoleAssets;
  store: TwoFactorStore;
  throttle: SecondStepThrottle;
  home: (role: Role) => string;
}

/** Code posts one client may make per minute (the lock after five wrong ones is the real limit). */
const POSTS_PER_MINUTE = 60;

/**
 * GET and POST /staff/second-step, POST /staff/second-step/set-up (decision 071): the only pages a pending session
 * opens besides sign-out. Passing them ends the pending session and starts a whole one, so the token that only
 * passed the password is worth nothing after.
 */
export function secondStepRoutes(options: SecondStepOptions): Router {
  const { siteUrl, logger, counters, auth, assets, store, throttle, home } = options;
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
  const show = async (res: Response, status: number, error?: string) => {
    const session = res.locals.staffSession!;
    // Someone who must set up a second factor and has none is shown the set-up; everyone else the code field.
    const setUpSecret = (await store.status(session.accountId)).on
      ? undefined
      : await store.setUpSecret(session.accountId);
    sendPage(
      res,
      status,
      createElement(SecondStepPage, { assets: assets(), user: consoleUser(res), setUpSecret, error }),
    );
  };
  /** The pending session ends, a whole one begins: what the page shows next is signed with its token. */
  const passed = async (req: Request, res: Response) => {
    const session = res.locals.staffSession!;
    await auth.sessions.end(auth.cookie.read(req)!);
    const token = await auth.sessions.create(session.accountId);
    auth.cookie.set(res, token);
    res.locals.staffSession = (await auth.sessions.resume(token))!;
    await throttle.succeed(session.email);
  };
  const logged = (res: Response, outcome: string) =>
    logger.info({ event: 'staff second step', outcome, email: res.locals.staffSession!.email }, 'staff second step');

  router.get(SECOND_STEP_PATH, auth.requireAnySession, pendingOnly, async (_req, res) => {
    await show(res, 200);
  });

  router.post(SECOND_STEP_PATH, ...guard, pendingOnly, async (req, res) => {
    const session = res.locals.staffSession!;
    const code = codeOf(req, res);
    if (code === '') {
      await show(res, 400, twoFactorCopy.missing);
      return;
    }
    const lockedFor = await throttle.reserve(session.email);
    if (lockedFor !== undefined) {
      logged(res, 'locked');
      res.setHeader('Retry-After', String(lockedFor));
      await show(res, 429, twoFactorCopy.locked(Math.ceil(lockedFor / 60)));
      return;
    }
    const outcome = await store.check(session.accountId, code);
    logged(res, outcome);
    if (outcome === 'wrong' || outcome === 'replayed') {
      await throttle.fail(session.email);
      await show(res, 401, twoFactorCopy.wrong);
      return;
    }
    await passed(req, res);
    res.redirect(303, outcome === 'recovery' ? '/staff/account?saved=recovery' : home(session.role));
  });

  router.post(`${SECOND_STEP_PATH}/set-up`, ...guard, pendingOnly, async (req, res) => {
    const session = res.locals.staffSession!;
    const codes = await store.confirm(session.accountId, codeOf(req, res));
    if (!Array.isArray(codes)) {
      logged(res, 'set-up refused');
      await show(res, 400, twoFactorCopy.wrong);
      return;
    }
    logged(res, 'set up');
    await passed(req, res);
    const next = { href: home(session.role), label: 'Continue to the console' };
    sendPage(res, 200, createElement(RecoveryCodesPage, { assets: assets(), user: consoleUser(res), codes, next }));
  });

  return router;
}
