import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Router } from 'express';

import { bodyFormat, formEndpoint, readBody } from '../http/formEndpoint';
import { readPostedForm } from '../http/postedForm';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import type { StaffAuth } from './auth';
import { consoleCookie, returnPath, sameToken, signInLocation } from './auth';
import type { KeptForms } from './keptForms';
import { KEPT_FOR_MS, KEPT_FORM_MAX_BYTES } from './keptForms';
import { textFields } from './page';
import { UPLOAD_MAX_BYTES } from './section';
import type { EndedSession } from './sessions';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set for a console post whose session ended less than a day ago: whose it was. */
    endedSession?: EndedSession;
  }
}

interface KeptFormOptions {
  siteUrl: string;
  auth: StaffAuth;
  kept: KeptForms;
  /** The console's posts per client and minute, counted as its other posts are. */
  perMinute: number;
  counters?: RateLimitCounters;
  /** Runs a request through the whole console again: the kept form's replay, after the sign-in. */
  dispatch: (req: Request, res: Response, next: NextFunction) => void;
}

/** What the sign-in asks of the kept forms. */
export interface KeptFormFlow {
  /** Keeps a form posted after its session ended (decision 072): mounted before the console's session check. */
  routes: Router;
  /** Whether this browser holds a form waiting for a sign-in. */
  waiting(req: Request): Promise<boolean>;
  /**
   * After a sign-in: replays the browser's kept form, when it is the person's who just signed in, through the
   * console with its role checks and the new session's CSRF token, and answers as the form's action does. False
   * when there is none of theirs (another person's stays for its owner).
   */
  finish(req: Request, res: Response, next: NextFunction, accountId: number, sessionToken: string): Promise<boolean>;
}

const multipart = (req: Request) => /^multipart\/form-data\s*;/i.test(req.get('content-type') ?? '');
/** The posts a kept form can come from: a plain form, or a multipart one (its text alone is kept). */
const keepable = (req: Request) => multipart(req) || bodyFormat(req.get('content-type')) === 'form';

/**
 * A console form posted after its session ended is kept rather than lost: when the post came from this site
 * with the ended session's own CSRF token (so the ended session's page sent it), its text fields are kept for a
 * day under a random token in a SameSite=Strict cookie of this browser, and the sign-in page says so. Of a multipart
 * post only the text is kept: the person picks the file again.
 */
export function keptFormFlow({ siteUrl, auth, kept, perMinute, counters, dispatch }: KeptFormOptions): KeptFormFlow {
  const cookie = consoleCookie(siteUrl, 'staff_kept_form', KEPT_FOR_MS / 1000);
  const routes = Router();

  // Only a form post whose cookie names a session that ended goes on here; every other request skips the route.
  const endedOnly: RequestHandler = async (req, res, next) => {
    const token = auth.cookie.read(req);
    const ended = token && keepable(req) ? await auth.sessions.ended(token) : undefined;
    if (!ended) {
      next('route');
      return;
    }
    res.locals.endedSession = ended;
    next();
  };
  const keep: RequestHandler = async (req, res) => {
    const ended = res.locals.endedSession!;
    // A multipart form (the article's, with its cover photo) keeps its text; a chosen file is chosen again.
    const posted = multipart(req)
      ? (await readPostedForm(req, '')).fields
      : (() => {
          const body = readBody(req, res);
          return textFields(body.ok ? body.fields : undefined);
        })();
    const { csrf = '', ...fields } = posted;
    const path = returnPath(req.originalUrl);
    auth.cookie.clear(res);
    const size = Buffer.byteLength(JSON.stringify(fields));
    if (!path || !sameToken(csrf, ended.csrfToken) || size > KEPT_FORM_MAX_BYTES) {
      res.redirect(303, signInLocation({ expired: true }));
      return;
    }
    cookie.set(res, await kept.keep(ended.accountId, { path, fields }, cookie.read(req)));
    res.redirect(303, signInLocation({ kept: true }));
  };
  const guard = (upload: boolean) =>
    formEndpoint({
      siteUrl,
      perMinute,
      counters: counters?.('staff'),
      // A multipart post may carry a photo, read whole and dropped: only its text is kept, at most KEPT_FORM_MAX_BYTES.
      maxBytes: upload ? UPLOAD_MAX_BYTES : KEPT_FORM_MAX_BYTES,
      formPage: '/staff',
      anyMediaType: upload,
    });
  const onlyIf =
    (wanted: boolean): RequestHandler =>
    (req, _res, next) =>
      next(multipart(req) === wanted ? undefined : 'route');
  routes.post('/staff/{*rest}', endedOnly, onlyIf(true), ...guard(true), keep);
  routes.post('/staff/{*rest}', endedOnly, onlyIf(false), ...guard(false), keep);

  return {
    routes,
    async waiting(req) {
      const token = cookie.read(req);
      return token !== undefined && (await kept.read(token)) !== undefined;
    },
    async finish(req, res, next, accountId, sessionToken) {
      const token = cookie.read(req);
      const found = token ? await kept.read(token) : undefined;
      if (!found || found.accountId !== accountId) return false;
      const session = await auth.sessions.resume(sessionToken);
      if (!session) return false;
      await kept.remove(token!);
      cookie.clear(res);
      // The sign-in's own request, turned into the kept post: its path, its fields with this session's token,
      // this session's cookie. The body was read already, so the body parser leaves req.body as set here.
      req.url = found.form.path;
      req.originalUrl = found.form.path;
      req.headers.cookie = `${auth.cookie.name}=${sessionToken}`;
      req.headers['content-type'] = 'application/x-www-form-urlencoded';
      req.body = Buffer.from(new URLSearchParams({ ...found.form.fields, csrf: session.csrfToken }).toString());
      dispatch(req, res, next);
      return true;
    },
  };
}
