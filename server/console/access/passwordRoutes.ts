import type { RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import type { AfterAnswer } from '../../http/afterAnswer';
import { formEndpoint, readBody } from '../../http/formEndpoint';
import type { Logger } from '../../http/logger';
import { requestClient } from '../../http/rateLimit';
import type { RateLimitCounters } from '../../http/rateLimitCounters';
import type { OutboxStore } from '../../outbox/store';
import { setPasswordIn } from '../accounts';
import { recordAudit } from '../audit/record';
import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { sendPage, textFields } from '../page';
import { admitSignIn, hashPassword, passwordProblem } from '../passwords';
import { PASSWORD_PATH } from './linkMail';
import { openLink, useLink } from './links';
import { passwordCopy } from './texts';
import { SetPasswordPage } from './views/SetPasswordPage';

/** When every place in the hash queue is taken (decision 030). */
const BUSY_RETRY_SECONDS = 10;

/** What the console's pages open without a session need (decision 070). */
export interface OpenRoutesOptions {
  db: Database;
  logger: Logger;
  siteUrl: string;
  counters?: RateLimitCounters;
  assets: () => ConsoleAssets;
  outbox: OutboxStore;
  wakeOutbox: () => void;
  afterAnswer: AfterAnswer;
}

/**
 * The page an invitation's or a reset's link opens, open without a session (decision 070): the person sets a
 * password once, and every session of theirs ends.
 */
export function passwordRoutes({ db, logger, siteUrl, counters, assets }: OpenRoutesOptions): Router {
  const router = Router();
  const guard = formEndpoint({
    siteUrl,
    perMinute: 10,
    counters: counters?.('staff-password'),
    maxBytes: 4096,
    formPage: PASSWORD_PATH,
  }) as RequestHandler[];

  /** The page of a link: the form while the link works, else why not. */
  const showLink = async (res: Response, token: string, status: number, error?: string) => {
    const link = await openLink(db, token, new Date());
    const account =
      link && (await db.get<{ email: string }>('SELECT email FROM staff_accounts WHERE id = ?', link.accountId));
    if (!account) {
      sendPage(res, 410, createElement(SetPasswordPage, { assets: assets(), error: passwordCopy.linkDead }));
      return;
    }
    sendPage(
      res,
      status,
      createElement(SetPasswordPage, { assets: assets(), link: { token, email: account.email }, error }),
    );
  };

  router.get(PASSWORD_PATH, async (req, res) => {
    await showLink(res, typeof req.query.token === 'string' ? req.query.token : '', 200);
  });

  router.post(PASSWORD_PATH, ...guard, async (req, res) => {
    const body = readBody(req, res);
    const { token = '', password = '', repeat = '' } = textFields(body.ok ? body.fields : undefined);
    const link = await openLink(db, token, new Date());
    const account =
      link && (await db.get<{ email: string }>('SELECT email FROM staff_accounts WHERE id = ?', link.accountId));
    if (!link || !account) {
      await showLink(res, token, 410);
      return;
    }
    const problem = password !== repeat ? passwordCopy.setMismatch : passwordProblem(password, account.email);
    if (problem) {
      await showLink(res, token, 400, problem);
      return;
    }
    const place = admitSignIn();
    if (!place) {
      res.setHeader('Retry-After', String(BUSY_RETRY_SECONDS));
      await showLink(res, token, 503, `The console is busy. Try again in ${BUSY_RETRY_SECONDS} seconds.`);
      return;
    }
    const hash = await hashPassword(password).finally(() => place.release());
    const at = new Date();
    // The link is used and the password set together: a second post of the same link finds nothing.
    const set = await db.transaction(async (tx) => {
      if ((await useLink(tx, token, at)) !== link.accountId || !(await setPasswordIn(tx, link.accountId, hash, at)))
        return false;
      const { email } = (await tx.get<{ email: string }>(
        'SELECT email FROM staff_accounts WHERE id = ?',
        link.accountId,
      ))!;
      const detail = link.purpose === 'invite' ? 'invitation taken: password set' : 'password set from a reset link';
      await recordAudit(tx, {
        ...{ actor: email, action: link.purpose === 'invite' ? 'invitation' : 'password.reset' },
        ...{ object: `person ${link.accountId}`, detail: `${detail}; every session ended` },
      });
      return true;
    });
    if (!set) {
      await showLink(res, token, 410);
      return;
    }
    logger.info(
      { event: 'staff password set', purpose: link.purpose, client: requestClient(req) },
      'staff password set from a link; the account’s sessions ended',
    );
    res.redirect(303, '/staff/sign-in?passwordSet=1');
  });

  return router;
}
