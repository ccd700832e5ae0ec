import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import type { AfterAnswer } from '../../http/afterAnswer';
import { formEndpoint, readBody } from '../../http/formEndpoint';
import type { Logger } from '../../http/logger';
import { clientKey } from '../../http/rateLimit';
import type { RateLimitCounters } from '../../http/rateLimitCounters';
import { createWindowCounts } from '../../http/rateLimitCounters';
import type { OutboxStore } from '../../outbox/store';
import { setPasswordIn } from '../accounts';
import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { sendPage, textFields } from '../page';
import { admitSignIn, hashPassword, passwordProblem } from '../passwords';
import { staffEmail } from './invitations';
import { linkMessage, PASSWORD_PATH } from './linkMail';
import { issueLink, openLink, useLink } from './links';
import { passwordCopy } from './texts';
import { ForgotPage } from './views/ForgotPage';
import { SetPasswordPage } from './views/SetPasswordPage';

const FORGOT_PATH = '/staff/forgot';

const HOUR_MS = 60 * 60_000;
/** Reset e-mails one address may be sent in an hour, whoever asks: no one fills a colleague's inbox. */
const RESETS_PER_ADDRESS_PER_HOUR = 3;
/** Reset requests one client may make in an hour, whichever addresses it types. */
const RESETS_PER_CLIENT_PER_HOUR = 10;
/** When every place in the hash queue is taken (decision 030). */
const BUSY_RETRY_SECONDS = 10;

interface PasswordRoutesOptions {
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
 * The console's pages open without a session besides sign-in (decision 070): "Forgot password?", which answers the
 * same whether the address has an account or not and sends a reset link after the answer, and the page an
 * invitation or a reset link opens, where the person sets a password once.
 */
export function passwordRoutes(options: PasswordRoutesOptions): Router {
  const { db, logger, siteUrl, counters, assets, outbox, wakeOutbox, afterAnswer } = options;
  const counts = createWindowCounts();
  const router = Router();
  const guard = (name: string, perMinute: number, formPage: string) =>
    formEndpoint({ siteUrl, perMinute, counters: counters?.(name), maxBytes: 4096, formPage }) as RequestHandler[];
  const clientOf = (req: Request) => clientKey(req.ip ?? req.socket.remoteAddress ?? '');

  router.get(FORGOT_PATH, (_req, res) => sendPage(res, 200, createElement(ForgotPage, { assets: assets() })));

  router.post(FORGOT_PATH, ...guard('staff-forgot', 20, FORGOT_PATH), async (req, res) => {
    const body = readBody(req, res);
    const typed = textFields(body.ok ? body.fields : undefined).email ?? '';
    const email = staffEmail(typed);
    if (!email) {
      sendPage(
        res,
        400,
        createElement(ForgotPage, { assets: assets(), email: typed, error: passwordCopy.forgotMissing }),
      );
      return;
    }
    const client = clientOf(req);
    const now = Date.now();
    // The client's hour first: past it, a refusal that says nothing of the address.
    const fromClient = await counts.hit(db, {
      name: 'staff-reset-client',
      key: client,
      windowMs: HOUR_MS,
      now,
      limit: RESETS_PER_CLIENT_PER_HOUR,
    });
    if (!fromClient) {
      res.setHeader('Retry-After', String(60 * 60));
      const error = passwordCopy.forgotTooMany(60);
      sendPage(res, 429, createElement(ForgotPage, { assets: assets(), email: typed, error }));
      return;
    }
    // The address's hour: past it, the same answer as any other, and no e-mail.
    const forAddress = await counts.hit(db, {
      name: 'staff-reset-address',
      key: email,
      windowMs: HOUR_MS,
      now,
      limit: RESETS_PER_ADDRESS_PER_HOUR,
    });
    sendPage(res, 200, createElement(ForgotPage, { assets: assets(), info: passwordCopy.forgotSent }));
    logger.info({ event: 'staff reset request', client, sent: Boolean(forAddress) }, 'staff password reset asked for');
    if (!forAddress) return;
    // After the answer, so that how long it took says nothing of whether the address has an account.
    afterAnswer.run('staff reset link', async () => {
      const at = new Date();
      const queued = await db.transaction(async (tx) => {
        const account = await tx.get<{ id: number; email: string; name: string; languages: string }>(
          'SELECT id, email, name, languages FROM staff_accounts WHERE email = ? AND disabled_at IS NULL',
          email,
        );
        if (!account) return false;
        const token = await issueLink(tx, account.id, 'reset', at);
        const languages = JSON.parse(account.languages) as string[];
        await outbox.enqueue(
          linkMessage({ purpose: 'reset', to: account.email, name: account.name, languages, token, siteUrl }),
          at,
          tx,
        );
        return true;
      });
      if (queued) wakeOutbox();
    });
  });

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

  router.post(PASSWORD_PATH, ...guard('staff-password', 10, PASSWORD_PATH), async (req, res) => {
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
    const set = await db.transaction(
      async (tx) => (await useLink(tx, token, at)) === link.accountId && setPasswordIn(tx, link.accountId, hash, at),
    );
    if (!set) {
      await showLink(res, token, 410);
      return;
    }
    logger.info(
      { event: 'staff password set', purpose: link.purpose, client: clientOf(req) },
      'staff password set from a link; the account’s sessions ended',
    );
    res.redirect(303, '/staff/sign-in?passwordSet=1');
  });

  return router;
}
