import type { RequestHandler } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { recordAudit } from '../console/audit/record';
import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { consoleUser, sendPage } from '../console/page';
import type { Database } from '../db';
import type { CsvColumns } from '../lib/csv';
import { toCsv } from '../lib/csv';
import type { ListCursor, ListedSubscriber } from './subscriberList';
import { createSubscriberList } from './subscriberList';
import { SubscribersPage } from './views/SubscribersPage';

interface SubscriberRoutesOptions {
  db: Database;
  assets: () => ConsoleAssets;
  /** formEndpoint, requireSession and requireCsrf. */
  guardPost: RequestHandler[];
  /** The fresh check the export asks for (decision 070). */
  recentCheck: RequestHandler;
}

const exportColumns: CsvColumns<ListedSubscriber> = [
  ['email', 'email'],
  ['createdAt', 'signed_up_at'],
  ['confirmedAt', 'consent_at'],
];

/** Confirmed subscribers a page shows. */
const PAGE_SIZE = 100;

/** The cursor of a "Next page" link ("<consent time>_<id>"), or null for the first page (anything else typed). */
function cursorOf(raw: unknown): ListCursor | null {
  const match = typeof raw === 'string' ? /^(\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z)_(\d{1,15})$/.exec(raw) : null;
  return match ? { confirmedAt: match[1]!, id: Number(match[2]) } : null;
}

/** A subscriber number from the URL, or 0 when it is not one. */
const subscriberId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : 0);

/** The newsletter list, its export, and removal (an unsubscription that revokes a pending link: the consent record stays). */
function subscriberRoutes({ db, assets, guardPost, recentCheck }: SubscriberRoutesOptions): Router {
  const list = createSubscriberList(db);
  const router = Router();

  router.get('/staff/subscribers', async (req, res) => {
    // The banner names an address the database holds as unsubscribed, never text from the URL (a crafted link).
    const id = typeof req.query.removed === 'string' ? subscriberId(req.query.removed) : 0;
    const removed = id ? await list.unsubscribed(id) : undefined;
    const search = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 254) : '';
    const page = await list.confirmedPage(search, cursorOf(req.query.after), PAGE_SIZE);
    const query = (cursor: ListCursor) =>
      `?${new URLSearchParams({ ...(search ? { q: search } : {}), after: `${cursor.confirmedAt}_${cursor.id}` })}`;
    sendPage(
      res,
      200,
      createElement(SubscribersPage, {
        assets: assets(),
        user: consoleUser(res),
        confirmed: page.subscribers,
        total: page.total,
        search,
        nextHref: page.next ? `/staff/subscribers${query(page.next)}` : null,
        pending: await list.pending(),
        removed,
      }),
    );
  });

  router.get('/staff/subscribers.csv', recentCheck, async (_req, res) => {
    const subscribers = await list.confirmed();
    const detail = `${subscribers.length} subscribers as CSV`;
    await recordAudit(db, {
      actor: consoleUser(res).email,
      action: 'export.subscribers',
      object: 'subscribers',
      detail,
    });
    res
      .attachment(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`)
      .type('text/csv; charset=utf-8')
      .send(toCsv(exportColumns, subscribers));
  });

  router.post('/staff/subscribers/:id/remove', ...guardPost, async (req, res) => {
    const id = subscriberId(String(req.params.id));
    const removed = await list.remove(id);
    res.redirect(303, removed ? `/staff/subscribers?removed=${id}` : '/staff/subscribers');
  });

  return router;
}

/** The console's subscribers section. */
export const subscriberSection = (db: Database): ConsoleSection => ({
  nav: { key: 'subscribers', href: '/staff/subscribers', label: 'Subscribers' },
  roles: ['owner', 'editor'], // the audience of the campaigns; sales neither sees nor exports it
  routes: ({ assets, guardPost, recentCheck }) => subscriberRoutes({ db, assets, guardPost: guardPost(), recentCheck }),
});
