/**
 * A fresh check before a dangerous action (decision 070): exporting leads or subscribers, giving a role, sending
 * a campaign. When the session's person last typed their password more than 10 minutes ago, the action answers a
 * page that asks for it, carrying the action's form; the check's one route records the new check and sends the
 * browser on to the action. A second factor can be asked beside the password in `confirms`, in this file alone.
 */
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import { readBody } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import { requestClient } from '../http/rateLimit';
import { createAccountStore } from './accounts';
import { recordAudit } from './audit/record';
import type { ConsoleAssets } from './kit/ConsoleDocument';
import { consoleUser, sendPage, textFields } from './page';
import { DUMMY_HASH, verifyPassword } from './passwords';
import type { StaffSession } from './sessions';
import { createSessionStore } from './sessions';
import { createSignInThrottle } from './signInThrottle';
import { signInCopy } from './texts';
import type { PendingAction } from './views/RecheckPage';
import { RecheckPage } from './views/RecheckPage';

/** How long a check holds. */
const RECHECK_AFTER_MS = 10 * 60_000;
export const CHECK_PATH = '/staff/check';
/** The check form's own fields; everything else it posts is the action's form, carried through. */
const OWN = 'recheck_';

/** Whether the session's person typed their password within the last 10 minutes. */
export function checkedRecently(session: StaffSession, now = Date.now()): boolean {
  return now - Date.parse(session.checkedAt) < RECHECK_AFTER_MS;
}

/** A console path to continue to: a path under /staff, never another host. */
function consolePath(next: string | undefined): string {
  return next && /^\/staff\/[^/\\]/.test(next) && !/[\s\\]/.test(next) ? next : '/staff';
}

/** A post's text fields, without the check form's own and the CSRF field (the check page writes its own). */
function postedFields(req: Request, res: Response): Record<string, string> {
  const body = readBody(req, res);
  return textFields(body.ok ? body.fields : undefined);
}
const carried = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'csrf' && !name.startsWith(OWN)));

/** The action a request is: a GET goes on to its URL; a post carries its form's text fields. */
function pendingAction(req: Request, res: Response): PendingAction {
  const next = consolePath(req.originalUrl);
  if (req.method !== 'POST') return { next, method: 'get', fields: {} };
  return { next, method: 'post', fields: carried(postedFields(req, res)) };
}

/** Answers the page that asks for the password again, with the request's action carried in its form. */
export function askForCheck(req: Request, res: Response, assets: () => ConsoleAssets): void {
  const action = pendingAction(req, res);
  sendPage(
    res,
    403,
    createElement(RecheckPage, { assets: assets(), user: consoleUser(res), checkPath: CHECK_PATH, action }),
  );
}

/** Lets a dangerous action on when the session was checked within 10 minutes; else asks (askForCheck). */
export function requireRecentCheck(assets: () => ConsoleAssets): RequestHandler {
  return (req, res, next) => {
    if (checkedRecently(res.locals.staffSession!)) next();
    else askForCheck(req, res, assets);
  };
}

interface CheckRouteOptions {
  db: Database;
  logger: Logger;
  assets: () => ConsoleAssets;
  /** formEndpoint and the CSRF check of every console post. */
  guardPost: RequestHandler[];
}

/**
 * POST /staff/check, behind the sign-in: records a new check when the password is right, then goes on to the
 * action: a GET by 303, a post by 307, which has the browser post the same form (the action's fields) to the
 * action's URL. Wrong passwords count as failed sign-ins of the address from this client (signInThrottle), so a
 * session left open is no way to guess the password.
 */
export function recentCheckRoutes({ db, logger, assets, guardPost }: CheckRouteOptions): Router {
  const accounts = createAccountStore(db);
  const sessions = createSessionStore(db);
  const throttle = createSignInThrottle(db);
  const router = Router();

  /** Whether what the check form sent confirms the person: today their password. */
  const confirms = async (session: StaffSession, fields: Record<string, string>) => {
    const password = fields[`${OWN}password`] ?? '';
    const account = await accounts.find(session.email);
    const matches = await verifyPassword(password, account?.password ?? DUMMY_HASH);
    return password !== '' && account !== undefined && matches;
  };

  router.post(CHECK_PATH, ...guardPost, async (req, res) => {
    const session = res.locals.staffSession!;
    const fields = postedFields(req, res);
    const action: PendingAction = {
      next: consolePath(fields[`${OWN}next`]),
      method: fields[`${OWN}method`] === 'post' ? 'post' : 'get',
      fields: carried(fields),
    };
    const client = requestClient(req);
    const refuse = (status: number, error: string, outcome: string) => {
      logger.info({ event: 'staff fresh check', outcome, email: session.email, client }, 'staff fresh check refused');
      sendPage(
        res,
        status,
        createElement(RecheckPage, { assets: assets(), user: consoleUser(res), checkPath: CHECK_PATH, action, error }),
      );
    };
    const place = await throttle.admit(session.email, client);
    if (!place) {
      refuse(503, signInCopy.busy(10), 'busy');
      return;
    }
    try {
      const attempt = await throttle.reserve(session.email, client);
      if (attempt.kind !== 'reserved') {
        const error =
          attempt.kind === 'locked'
            ? signInCopy.locked(Math.ceil(attempt.seconds / 60))
            : signInCopy.wait(attempt.seconds);
        refuse(429, error, attempt.kind);
        return;
      }
      if (!(await confirms(session, fields))) {
        await throttle.fail(session.email, client);
        await recordAudit(db, {
          ...{ actor: session.email, action: 'sign-in.fail', object: `person ${session.accountId}` },
          detail: 'wrong password at a fresh check',
        });
        refuse(401, 'That is not your password.', 'wrong');
        return;
      }
      await throttle.succeed(session.email, client);
      await sessions.recordCheck(session.id);
      logger.info({ event: 'staff fresh check', outcome: 'success', email: session.email, client }, 'staff checked');
      res.redirect(action.method === 'post' ? 307 : 303, action.next);
    } finally {
      place.release();
    }
  });

  return router;
}
