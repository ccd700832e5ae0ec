import type { RequestHandler } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { recordAudit } from '../console/audit/record';
import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { cursorHrefs } from '../console/kit/CursorPagination';
import { consoleUser, sendPage } from '../console/page';
import type { Database } from '../db';
import { cursorOf } from '../db/keyset';
import { streamText } from '../http/streamText';
import type { CsvColumns } from '../lib/csv';
import { csvChunks } from '../lib/csv';
import type { ListedSubscriber } from './subscriberList';
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

/** Confirmed subscribers a page shows, and pending ones. */
const PAGE_SIZE = 100;
const PENDING_SHOWN = 100;
/** Addresses the export reads at a time. */
const EXPORT_BATCH = 200;

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
    const page = await list.confirmedPage(search, cursorOf(req.query), PAGE_SIZE);
    sendPage(
      res,
      200,
      createElement(SubscribersPage, {
        assets: assets(),
        user: consoleUser(res),
        confirmed: page.subscribers,
        total: page.total,
        search,
        pages: cursorHrefs('/staff/subscribers', search ? { q: search } : {}, page),
        pending: await list.pending(PENDING_SHOWN),
        removed,
      }),
    );
  });

  router.get('/staff/subscribers.csv', recentCheck, async (_req, res) => {
    const detail = `${await list.confirmedCount()} subscribers as CSV`;
    await recordAudit(db, {
      actor: consoleUser(res).email,
      action: 'export.subscribers',
      object: 'subscribers',
      detail,
    });
    res.attachment(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`).type('text/csv; charset=utf-8');
    // A batch at a time (decision 091): memory stays flat however long the list.
    await streamText(res, csvChunks(exportColumns, list.confirmedBatches(EXPORT_BATCH)));
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
