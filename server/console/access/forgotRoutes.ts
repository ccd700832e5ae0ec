import type { RequestHandler } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { formEndpoint, readBody } from '../../http/formEndpoint';
import { requestClient } from '../../http/rateLimit';
import { createWindowCounts } from '../../http/rateLimitCounters';
import { recordAudit } from '../audit/record';
import { sendPage, textFields } from '../page';
import { staffEmail } from './invitations';
import { linkMessage } from './linkMail';
import { issueLink } from './links';
import type { OpenRoutesOptions } from './passwordRoutes';
import { passwordCopy } from './texts';
import { ForgotPage } from './views/ForgotPage';

const FORGOT_PATH = '/staff/forgot';

const HOUR_MS = 60 * 60_000;
/** Reset e-mails one address may be sent in an hour, whoever asks: no one fills a colleague's inbox. */
const RESETS_PER_ADDRESS_PER_HOUR = 3;
/** Reset requests one client may make in an hour, whichever addresses it types. */
const RESETS_PER_CLIENT_PER_HOUR = 10;

/**
 * "Forgot password?", open without a session (decision 070): the same answer whether the address has an account
 * or not, the reset link made and queued after it, at most 3 e-mails an hour per address and 10 requests an hour
 * per client.
 */
export function forgotRoutes(options: OpenRoutesOptions): Router {
  const { db, logger, siteUrl, counters, assets, outbox, wakeOutbox, afterAnswer } = options;
  const counts = createWindowCounts();
  const router = Router();
  const guard = formEndpoint({
    siteUrl,
    perMinute: 20,
    counters: counters?.('staff-forgot'),
    maxBytes: 4096,
    formPage: FORGOT_PATH,
  }) as RequestHandler[];

  router.get(FORGOT_PATH, (_req, res) => sendPage(res, 200, createElement(ForgotPage, { assets: assets() })));

  router.post(FORGOT_PATH, ...guard, async (req, res) => {
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
    const client = requestClient(req);
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
        const object = `person ${account.id}`;
        await recordAudit(tx, { actor: account.email, action: 'password.reset', object, detail: 'reset link sent' });
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

  return router;
}
