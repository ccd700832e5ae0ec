import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import { readBody } from '../../http/formEndpoint';
import type { Logger } from '../../http/logger';
import { ownAccountAudit } from '../audit/record';
import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { noticeNamed } from '../notices';
import { consoleUser, sendPage, textFields } from '../page';
import type { SecondStepThrottle } from '../signInThrottle';
import type { TwoFactorStore } from './store';
import { accountNotices, twoFactorCopy } from './texts';
import { AccountPage } from './views/AccountPage';
import { RecoveryCodesPage } from './views/RecoveryCodesPage';

interface AccountOptions {
  db: Database;
  logger: Logger;
  assets: () => ConsoleAssets;
  guardPost: () => RequestHandler[];
  store: TwoFactorStore;
  throttle: SecondStepThrottle;
}

const ACCOUNT = '/staff/account';

/**
 * A person's own account page (every role): their two-factor sign-in, set up with a first code, turned off only
 * with a current one (decision 071).
 */
export function accountRoutes({ db, logger, assets, guardPost, store, throttle }: AccountOptions): Router {
  const router = Router();
  const show = async (
    res: Response,
    status: number,
    page: { setUpSecret?: string; notice?: string; error?: string } = {},
  ) => {
    const { accountId } = res.locals.staffSession!;
    const [twoFactor, required] = [await store.status(accountId), await store.required()];
    sendPage(
      res,
      status,
      createElement(AccountPage, { assets: assets(), user: consoleUser(res), status: twoFactor, required, ...page }),
    );
  };
  const codeOf = (req: Request, res: Response) => {
    const body = readBody(req, res);
    return (textFields(body.ok ? body.fields : undefined).code ?? '').trim();
  };
  const logged = (res: Response, outcome: string) =>
    logger.info({ event: 'staff two-factor', outcome, email: res.locals.staffSession!.email }, 'staff two-factor');
  const audit = ownAccountAudit(db);

  router.get(ACCOUNT, async (req, res) => {
    await show(res, 200, { notice: noticeNamed(accountNotices, req.query.saved) });
  });

  // A new secret each time the set-up starts: one shown before and never confirmed is dropped.
  router.post(`${ACCOUNT}/two-factor`, ...guardPost(), async (_req, res) => {
    const secret = await store.restartSetUp(res.locals.staffSession!.accountId);
    if (secret) await show(res, 200, { setUpSecret: secret });
    else res.redirect(303, ACCOUNT);
  });

  router.post(`${ACCOUNT}/two-factor/confirm`, ...guardPost(), async (req, res) => {
    const { accountId } = res.locals.staffSession!;
    const codes = await store.confirm(accountId, codeOf(req, res));
    if (Array.isArray(codes)) {
      logged(res, 'set up');
      await audit(res, 'two-factor', 'set up from the account page');
      const next = { href: ACCOUNT, label: 'Back to your account' };
      sendPage(res, 200, createElement(RecoveryCodesPage, { assets: assets(), user: consoleUser(res), codes, next }));
      return;
    }
    // The same secret again with the refusal, so the app already set up still matches.
    const secret = await store.setUpSecret(accountId);
    if (secret) await show(res, 400, { setUpSecret: secret, error: twoFactorCopy.wrong });
    else res.redirect(303, ACCOUNT);
  });

  router.post(`${ACCOUNT}/two-factor/off`, ...guardPost(), async (req, res) => {
    const { accountId, email } = res.locals.staffSession!;
    if (await store.required()) {
      await show(res, 409, { error: twoFactorCopy.offRequired });
      return;
    }
    // A code guessed here is a second factor guessed: the second step's lock counts it.
    const lockedFor = await throttle.reserve(email);
    if (lockedFor !== undefined) {
      logged(res, 'locked');
      await audit(res, 'sign-in.lock', 'second step locked');
      res.setHeader('Retry-After', String(lockedFor));
      await show(res, 429, { error: twoFactorCopy.locked(Math.ceil(lockedFor / 60)) });
      return;
    }
    const outcome = await store.checkCode(accountId, codeOf(req, res));
    if (outcome !== 'code') {
      logged(res, `turn-off ${outcome}`);
      await audit(res, 'sign-in.fail', 'wrong code to turn two factors off');
      await throttle.fail(email);
      await show(res, 401, { error: twoFactorCopy.wrong });
      return;
    }
    await throttle.succeed(email);
    await store.remove(accountId);
    logged(res, 'turned off');
    await audit(res, 'two-factor', 'turned off');
    res.redirect(303, `${ACCOUNT}?saved=off`);
  });

  return router;
}
