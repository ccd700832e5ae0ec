import { timingSafeEqual } from 'node:crypto';

import type { Request, RequestHandler, Response } from 'express';

import type { Database } from '../db';
import { noticeDocument } from '../http/errors';
import { readBody } from '../http/formEndpoint';
import type { SessionStore, StaffSession } from './sessions';
import { ABSOLUTE_TIMEOUT_MS, createSessionStore } from './sessions';

export const SIGN_IN_PATH = '/staff/sign-in';
/** Where a session that passed the password but not the second factor is sent, whatever it asks for (decision 071). */
export const SECOND_STEP_PATH = '/staff/second-step';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by requireSession: the signed-in staff member's session. */
    staffSession?: StaffSession;
  }
}

/**
 * A console cookie. Over HTTPS it is a __Host- cookie: Secure, Path=/, no
 * Domain, so no other host (and no plain-HTTP page) can set or read it.
 * Browsers refuse __Host- cookies without Secure, so on plain HTTP (local
 * development and the browser tests) it goes by a plain name.
 */
export interface ConsoleCookie {
  name: string;
  set(res: Response, token: string): void;
  clear(res: Response): void;
  read(req: Request): string | undefined;
}

export function consoleCookie(siteUrl: string, base: string, maxAgeSeconds: number): ConsoleCookie {
  const secure = siteUrl.startsWith('https:');
  const name = secure ? `__Host-${base}` : base;
  // Strict: no link from another site opens the console signed in (nothing outside links into it).
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return {
    name,
    set(res, token) {
      res.append('Set-Cookie', `${name}=${token}; ${attributes}; Max-Age=${maxAgeSeconds}`);
    },
    clear(res) {
      res.append('Set-Cookie', `${name}=; ${attributes}; Max-Age=0`);
    },
    read(req) {
      for (const pair of (req.get('cookie') ?? '').split(';')) {
        const [key, ...value] = pair.trim().split('=');
        if (key === name) return value.join('=') || undefined;
      }
      return undefined;
    },
  };
}

/** The console page a sign-in returns to: a path under /staff (never another host), at most 2000 characters. */
export function returnPath(value: unknown): string | undefined {
  return typeof value === 'string' &&
    /^\/staff(?:[/?][^\\]*)?$/.test(value) &&
    !value.startsWith(SIGN_IN_PATH) &&
    value.length <= 2000
    ? value
    : undefined;
}

/** The sign-in page, saying why it is shown (a session that ended) and the page to return to after it. */
export function signInLocation(reason: { expired?: boolean; next?: string; kept?: boolean }): string {
  const params = new URLSearchParams();
  if (reason.kept) params.set('kept', '1');
  else if (reason.expired) params.set('expired', '1');
  if (reason.next) params.set('next', reason.next);
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}

/** The second step, with the page to return to after it. */
export const secondStepLocation = (next: string | undefined): string =>
  next ? `${SECOND_STEP_PATH}?${new URLSearchParams({ next }).toString()}` : SECOND_STEP_PATH;

export interface StaffAuth {
  sessions: SessionStore;
  cookie: ConsoleCookie;
  /**
   * Resumes the request's session into res.locals.staffSession, or answers 303 to the sign-in page with no data
   * (which returns to a page asked for with GET); a pending session (the second step still to pass) gets 303 to
   * that step, with no data either.
   */
  requireSession: RequestHandler;
  /** The same, letting a pending session through: for the second step itself and sign-out. */
  requireAnySession: RequestHandler;
  /** After formEndpoint and requireSession: the post's csrf field must be the session's token (403 otherwise). */
  requireCsrf: RequestHandler;
}

/** True when the two strings are equal, compared in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function staffAuth(db: Database, siteUrl: string): StaffAuth {
  const sessions = createSessionStore(db);
  const cookie = consoleCookie(siteUrl, 'staff_session', ABSOLUTE_TIMEOUT_MS / 1000);

  const resumeSession =
    (allowPending: boolean): RequestHandler =>
    async (req, res, next) => {
      const token = cookie.read(req);
      const session = token ? await sessions.resume(token) : undefined;
      // The page asked for with GET, to return to once signed in (and past the second step).
      const asked = req.method === 'GET' ? returnPath(req.originalUrl) : undefined;
      if (!session) {
        // A cookie that no longer opens a session is dropped, and the sign-in page says why; unless its session
        // ended within the day: a request the page makes meanwhile (the editor's autosave, a reload) must not
        // take from the form the page posts next the cookie that gets it kept (decision 072).
        if (token && !(await sessions.ended(token))) cookie.clear(res);
        res.redirect(303, signInLocation({ expired: token !== undefined, next: asked }));
        return;
      }
      if (session.pending && !allowPending) {
        res.redirect(303, secondStepLocation(asked));
        return;
      }
      res.locals.staffSession = session;
      next();
    };
  const requireSession = resumeSession(false);
  const requireAnySession = resumeSession(true);

  const requireCsrf: RequestHandler = (req, res, next) => {
    const body = readBody(req, res);
    const fields =
      body.ok && typeof body.fields === 'object' && body.fields !== null
        ? (body.fields as Record<string, unknown>)
        : {};
    const sent = typeof fields.csrf === 'string' ? fields.csrf : '';
    if (!sameToken(sent, res.locals.staffSession!.csrfToken)) {
      res
        .status(403)
        .type('html')
        .send(
          noticeDocument({
            status: 403,
            message: 'This form has expired or did not come from the console. Reload the page and try again.',
            back: '/staff',
          }),
        );
      return;
    }
    next();
  };

  return { sessions, cookie, requireSession, requireAnySession, requireCsrf };
}

/**
 * Whether a request comes from a signed-in staff member, for an answer outside the console that the staff may
 * see before visitors do (a draft's uploaded cover in its preview): the session cookie, resumed as the console
 * resumes it.
 */
export function staffSignedIn(db: Database, siteUrl: string): (req: Request) => Promise<boolean> {
  const { sessions, cookie } = staffAuth(db, siteUrl);
  return async (req) => {
    const token = cookie.read(req);
    const session = token === undefined ? undefined : await sessions.resume(token);
    return session !== undefined && !session.pending;
  };
}
