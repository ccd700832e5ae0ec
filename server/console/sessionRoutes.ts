import type { RequestHandler } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import { recordAudit } from './audit/record';
import type { StaffAuth } from './auth';
import type { ConsoleAssets } from './kit/ConsoleDocument';
import { noticeNamed } from './notices';
import { consoleUser, sendPage } from './page';
import { SessionsPage } from './views/SessionsPage';

/** A session's id in a URL: the SHA-256 of its cookie's token, which opens nothing by itself. */
export const SESSION_ID = /^[0-9a-f]{64}$/;

export const SESSIONS_PATHS = ['/staff/sessions', '/staff/sessions/:id/end'];

const notices = { ended: 'That session has ended.' } as const;

interface SessionRoutesOptions {
  db: Database;
  auth: StaffAuth;
  assets: () => ConsoleAssets;
  guardPost: RequestHandler[];
}

/** Every signed-in person's own sessions: the list, and ending any of them (this one signs out). */
export function sessionRoutes({ db, auth, assets, guardPost }: SessionRoutesOptions): Router {
  const router = Router();

  router.get('/staff/sessions', async (req, res) => {
    const session = res.locals.staffSession!;
    sendPage(
      res,
      200,
      createElement(SessionsPage, {
        assets: assets(),
        user: consoleUser(res),
        sessions: await auth.sessions.list(session.accountId),
        current: session.id,
        notice: noticeNamed(notices, req.query.done),
      }),
    );
  });

  router.post('/staff/sessions/:id/end', ...guardPost, async (req, res) => {
    const session = res.locals.staffSession!;
    const id = String(req.params.id);
    const ended = SESSION_ID.test(id) && (await auth.sessions.endOne(session.accountId, id));
    if (ended)
      await recordAudit(db, {
        actor: session.email,
        action: 'session.end',
        object: `person ${session.accountId}`,
        detail: id === session.id ? 'this session, by themselves' : 'another session, by themselves',
      });
    if (ended && id === session.id) {
      auth.cookie.clear(res);
      res.redirect(303, '/staff/sign-in?signedOut=1');
    } else res.redirect(303, ended ? '/staff/sessions?done=ended' : '/staff/sessions');
  });

  return router;
}
