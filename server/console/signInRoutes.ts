import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import { formEndpoint, readBody } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import { requestClient } from '../http/rateLimit';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { createAccountStore } from './accounts';
import { recordAudit, UNKNOWN_ACTOR } from './audit/record';
import type { StaffAuth } from './auth';
import { returnPath, secondStepLocation, SIGN_IN_PATH } from './auth';
import type { KeptFormFlow } from './keptFormRoutes';
import type { ConsoleAssets } from './kit/ConsoleDocument';
import { consoleUser, sendPage, textFields } from './page';
import { DUMMY_HASH, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords';
import type { Role } from './roles';
import type { SignInLock } from './signInThrottle';
import { createSignInThrottle, LOCK_AFTER_FAILURES } from './signInThrottle';
import { signInCopy } from './texts';
import type { TwoFactorStore } from './twoFactor/store';
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
  /** Whether a sign-in must pass a second step before its session opens anything (decision 071). */
  twoFactor: TwoFactorStore;
  /** What follows once a whole session is open (sessionOpener). */
  opened: SessionOpener;
  /** Forms posted after a session ended: the sign-in page says one waits. */
  keptForms: KeptFormFlow;
}

/** Once a whole session is open: the page a sign-in asked for, or the form kept when the last session ended. */
export type SessionOpener = (
  req: Request,
  res: Response,
  fail: NextFunction,
  opening: { account: { id: number; email: string; role: Role }; token: string; next?: string; detail?: string },
) => Promise<void>;

/**
 * The end of every sign-in, after the password or after the second step (decision 071): the audit log's row, then
 * the form kept when the person's last session ended, finished (decision 072), or the page asked for, or home.
 */
export function sessionOpener({
  db,
  keptForms,
  home,
}: {
  db: Database;
  keptForms: KeptFormFlow;
  home: (role: Role) => string;
}): SessionOpener {
  return async (req, res, fail, { account, token, next, detail }) => {
    await recordAudit(db, { actor: account.email, action: 'sign-in', object: `person ${account.id}`, detail });
    if (await keptForms.finish(req, res, fail, account.id, token)) return;
    res.redirect(303, next ?? home(account.role));
  };
}

/** Why a sign-in failed, in the audit log: never what was typed. */
const failureDetail = {
  unknown: 'no account has this address',
  disabled: 'the account is disabled',
  wrong: 'wrong password',
} as const;

/**
 * GET and POST /staff/sign-in, POST /staff/sign-out. An unknown address and
 * a wrong password get the same answer after the same work (a dummy hash is
 * checked with the same cost), every attempt is logged without the password, and failures slow
 * down the address and the client, then lock the address for that client (see signInThrottle).
 */
export function signInRoutes(options: SignInOptions): Router {
  const { db, logger, siteUrl, auth, assets, counters, locked, home, twoFactor, opened, keptForms } = options;
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
      const next = returnPath(req.query.next);
      res.redirect(303, session.pending ? secondStepLocation(next) : (next ?? home(session.role)));
      return;
    }
    const said = ['signedOut', 'expired', 'passwordSet'] as const;
    // A form kept when the session ended is said first: the person signs in to finish it.
    const info = (await keptForms.waiting(req))
      ? signInCopy.kept
      : said.map((key) => (req.query[key] === '1' ? signInCopy[key] : undefined)).find(Boolean);
    sendPage(res, 200, createElement(SignInPage, { assets: assets(), info, next: returnPath(req.query.next) }));
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
    async (req: Request, res: Response, fail: NextFunction) => {
      try {
        const body = readBody(req, res);
        const { email = '', password = '', next: asked } = textFields(body.ok ? body.fields : undefined);
        const next = returnPath(asked);
        const address = email.trim().toLowerCase();
        const client = requestClient(req);
        const refuse = (status: number, error: string, outcome: string, retryAfter?: number) => {
          logger.info({ event: 'staff sign-in', outcome, email: address, client }, 'staff sign-in refused');
          if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
          sendPage(res, status, createElement(SignInPage, { assets: assets(), email, error, next }));
        };
        if (address === '' || address.length > 254 || password === '' || password.length > MAX_PASSWORD_LENGTH) {
          refuse(400, signInCopy.missing, 'invalid');
          return;
        }
        // A bounded queue: beyond it the attempt is refused before anything is counted or hashed.
        const place = await throttle.admit(address, client);
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
            const outcome = !account ? 'unknown' : account.disabledAt && matches ? 'disabled' : 'wrong';
            // Who failed, when they have an account; the address typed for none is not kept.
            const actor = account?.email ?? UNKNOWN_ACTOR;
            const object = account ? `person ${account.id}` : 'sign-in';
            await recordAudit(db, { actor, action: 'sign-in.fail', object, detail: failureDetail[outcome] });
            // The attempt that locks an account tells the lab, once: the next ones come after the lock.
            if (account && attempt.failures === LOCK_AFTER_FAILURES) {
              await recordAudit(db, { actor, action: 'sign-in.lock', object, detail: 'for this client' });
              await alertLock({ email: account.email, client });
            }
            refuse(401, signInCopy.wrong, outcome === 'disabled' ? 'disabled' : 'wrong');
            return;
          }
          await throttle.succeed(address, client);
          // A new session on every sign-in: a token planted before it is worth nothing after.
          const previous = auth.cookie.read(req);
          if (previous) await auth.sessions.end(previous);
          // With two factors the session is pending: it opens the second step and sign-out, nothing else.
          const pending = await twoFactor.secondStepDue(account.id);
          const userAgent = req.get('user-agent') ?? '';
          const token = await auth.sessions.create(account.id, undefined, { pending, userAgent });
          auth.cookie.set(res, token);
          const outcome = pending ? 'password' : 'success';
          const message = pending ? 'staff passed the password' : 'staff signed in';
          logger.info({ event: 'staff sign-in', outcome, email: address, client }, message);
          if (pending) res.redirect(303, secondStepLocation(next));
          else await opened(req, res, fail, { account, token, next });
        } finally {
          place.release();
        }
      } catch (error) {
        fail(error);
      }
    },
  );

  router.post(
    '/staff/sign-out',
    ...formEndpoint({ siteUrl, perMinute: 30, counters: counters?.('staff-sign-out'), maxBytes: 4096 }),
    auth.requireAnySession,
    auth.requireCsrf,
    async (req: Request, res: Response) => {
      const { email } = consoleUser(res);
      await auth.sessions.end(auth.cookie.read(req)!);
      const object = `person ${res.locals.staffSession!.accountId}`;
      await recordAudit(db, { actor: email, action: 'session.end', object, detail: 'signed out' });
      auth.cookie.clear(res);
      logger.info({ event: 'staff sign-out', email }, 'staff signed out');
      res.redirect(303, `${SIGN_IN_PATH}?signedOut=1`);
    },
  );

  return router;
}
