import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import { formEndpoint, readBody } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import { clientKey } from '../http/rateLimit';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { createAccountStore } from './accounts';
import type { StaffAuth } from './auth';
import { SIGN_IN_PATH } from './auth';
import type { ConsoleAssets } from './kit/ConsoleDocument';
import { consoleUser, sendPage, textFields } from './page';
import { admitSignIn, DUMMY_HASH, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords';
import type { Role } from './roles';
import type { SignInLock } from './signInThrottle';
import { createSignInThrottle, LOCK_AFTER_FAILURES } from './signInThrottle';
import { signInCopy } from './texts';
import { SignInPage } from './views/SignInPage';

/** Sign-in posts one client may make per minute, before any password is checked (each check costs 128 MiB for a moment). */
const SIGN_INS_PER_MINUTE = 10;
/** When every place in the hash queue is taken: about as long as the last admitted one waits (decision 030). */
const BUSY_RETRY_SECONDS = 10;

interface SignInOptions {
  db: Database;
  logger: Logger;
  siteUrl: string;
  /** Shared rate-limit counters, when several instances run. */
  counters?: RateLimitCounters;
  auth: StaffAuth;
  assets: () => ConsoleAssets;
  /** Told when a client's wrong passwords just locked an account (the alerts e-mail the lab); none: only logged. */
  locked?: () => Promise<void>;
  /** Where a signed-in person lands: the first section their role opens. */
  home: (role: Role) => string;
}

/**
 * GET and POST /staff/sign-in, POST /staff/sign-out. An unknown address and
 * a wrong password get the same answer after the same work (a dummy hash is
 * checked with the same cost), every attempt is logged without the password, and failures slow
 * down the address and the client, then lock the address for that client (see signInThrottle).
 */
export function signInRoutes({ db, logger, siteUrl, auth, assets, counters, locked, home }: SignInOptions): Router {
  const accounts = createAccountStore(db);
  const throttle = createSignInThrottle(db);
  const router = Router();

  const alertLock = async (lock: SignInLock) => {
    logger.warn({ event: 'staff sign-in lock', ...lock }, 'staff sign-in locked for a client');
    await locked?.();
  };

  router.get(SIGN_IN_PATH, async (req, res) => {
    const token = auth.cookie.read(req);
    const session = token ? await auth.sessions.resume(token) : undefined;
    if (session) {
      res.redirect(303, home(session.role));
      return;
    }
    const said = ['signedOut', 'expired', 'passwordSet'] as const;
    const info = said.map((key) => (req.query[key] === '1' ? signInCopy[key] : undefined)).find(Boolean);
    sendPage(res, 200, createElement(SignInPage, { assets: assets(), info }));
  });

  router.post(
    SIGN_IN_PATH,
    ...formEndpoint({
      siteUrl,
      perMinute: SIGN_INS_PER_MINUTE,
      counters: counters?.('staff-sign-in'),
      maxBytes: 4096,
      formPage: SIGN_IN_PATH,
    }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const body = readBody(req, res);
        const { email = '', password = '' } = textFields(body.ok ? body.fields : undefined);
        const address = email.trim().toLowerCase();
        const client = clientKey(req.ip ?? req.socket.remoteAddress ?? '');
        const refuse = (status: number, error: string, outcome: string, retryAfter?: number) => {
          logger.info({ event: 'staff sign-in', outcome, email: address, client }, 'staff sign-in refused');
          if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
          sendPage(res, status, createElement(SignInPage, { assets: assets(), email, error }));
        };
        if (address === '' || address.length > 254 || password === '' || password.length > MAX_PASSWORD_LENGTH) {
          refuse(400, signInCopy.missing, 'invalid');
          return;
        }
        // A bounded queue: beyond it the attempt is refused before anything is counted or hashed.
        const place = admitSignIn();
        if (!place) {
          refuse(503, signInCopy.busy(BUSY_RETRY_SECONDS), 'busy', BUSY_RETRY_SECONDS);
          return;
        }
        try {
          const attempt = await throttle.reserve(address, client);
          if (attempt.kind === 'locked') {
            refuse(429, signInCopy.locked(Math.ceil(attempt.seconds / 60)), 'locked', attempt.seconds);
            return;
          }
          if (attempt.kind === 'wait') {
            refuse(429, signInCopy.wait(attempt.seconds), 'throttled', attempt.seconds);
            return;
          }
          const account = await accounts.find(address);
          // The same work whether or not the account exists: the answer's timing tells nothing.
          const matches = await verifyPassword(password, account?.password ?? DUMMY_HASH);
          // An invited account has no password of its own yet: refused like an unknown address (decision 070).
          if (!account || account.disabledAt || account.invitedAt || !matches) {
            await throttle.fail(address, client);
            // The attempt that locks an account tells the lab, once: the next ones come after the lock.
            if (account && attempt.failures === LOCK_AFTER_FAILURES) await alertLock({ email: account.email, client });
            refuse(401, signInCopy.wrong, account?.disabledAt && matches ? 'disabled' : 'wrong');
            return;
          }
          await throttle.succeed(address, client);
          // A new session on every sign-in: a token planted before it is worth nothing after.
          const previous = auth.cookie.read(req);
          if (previous) await auth.sessions.end(previous);
          auth.cookie.set(res, await auth.sessions.create(account.id));
          logger.info({ event: 'staff sign-in', outcome: 'success', email: address, client }, 'staff signed in');
          res.redirect(303, home(account.role));
        } finally {
          place.release();
        }
      } catch (error) {
        next(error);
      }
    },
  );

  router.post(
    '/staff/sign-out',
    ...formEndpoint({ siteUrl, perMinute: 30, counters: counters?.('staff-sign-out'), maxBytes: 4096 }),
    auth.requireSession,
    auth.requireCsrf,
    async (req: Request, res: Response) => {
      const { email } = consoleUser(res);
      await auth.sessions.end(auth.cookie.read(req)!);
      auth.cookie.clear(res);
      logger.info({ event: 'staff sign-out', email }, 'staff signed out');
      res.redirect(303, `${SIGN_IN_PATH}?signedOut=1`);
    },
  );

  return router;
}
