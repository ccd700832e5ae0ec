/** "My calendar" in the console (decision 088): each person who takes calls sets or removes their own feed. */
import { Router } from 'express';
import { createElement } from 'react';

import { createAccountStore } from '../../console/accounts';
import { recordAudit } from '../../console/audit/record';
import { consoleUser, sendPage, textFields } from '../../console/page';
import type { ConsoleSection } from '../../console/section';
import type { Database } from '../../db';
import { readBody } from '../../http/formEndpoint';
import { CalendarFeedPage } from '../views/CalendarFeedPage';
import { urlProblem } from './fetch';
import { CALENDAR_PAGE } from './reader';
import { feedOf, isFailedClosed, maskedUrl, setFeed } from './store';

const MAX_URL = 2000;

export const calendarFeedSection = (db: Database): ConsoleSection => ({
  nav: { key: 'calendar', href: CALENDAR_PAGE, label: 'My calendar' },
  roles: ['owner', 'sales'],
  routes: ({ assets, guardPost }) => {
    const router = Router();
    const personOf = async (email: string) => (await createAccountStore(db).find(email))!.id;
    const show = async (
      res: Parameters<typeof consoleUser>[0],
      status: number,
      { problems = [], notice = '', typed = '' }: { problems?: string[]; notice?: string; typed?: string },
    ) => {
      const user = consoleUser(res);
      const feed = await feedOf(db, await personOf(user.email));
      const shown = feed && {
        masked: maskedUrl(feed.url),
        readAt: feed.readAt,
        problem: feed.problem,
        closed: isFailedClosed(feed, Date.now()),
      };
      const page = { assets: assets(), user, feed: shown, problems, typed, notice: notice as '' | 'saved' | 'removed' };
      sendPage(res, status, createElement(CalendarFeedPage, page));
    };
    router.get(CALENDAR_PAGE, async (req, res) => {
      const done = req.query.done;
      await show(res, 200, { notice: done === 'saved' || done === 'removed' ? done : '' });
    });
    router.post(CALENDAR_PAGE, ...guardPost(), async (req, res) => {
      const body = readBody(req, res);
      const fields = textFields(body.ok ? body.fields : undefined);
      const user = consoleUser(res);
      const url = (fields.url ?? '').trim();
      const remove = fields.remove === '1';
      const problem = remove ? undefined : url.length > MAX_URL ? 'the address is too long' : urlProblem(url);
      if (problem) {
        // The address the person typed comes back to them for mending; only a saved one is masked.
        await show(res, 400, { problems: [`The feed address: ${problem}.`], typed: url });
        return;
      }
      const person = await personOf(user.email);
      await db.transaction(async (tx) => {
        await setFeed(tx, person, remove ? undefined : url);
        // The URL is a secret: the audit names the change, never the address.
        await recordAudit(tx, {
          ...{ actor: user.email, action: 'setting.change', object: 'calendar feed' },
          detail: remove ? 'removed' : 'set',
        });
      });
      res.redirect(303, `${CALENDAR_PAGE}?done=${remove ? 'removed' : 'saved'}`);
    });
    return router;
  },
});
