import type { DatabaseSync } from 'node:sqlite';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { createElement } from 'react';
import type { CsvColumns } from '../csv';
import { toCsv } from '../csv';
import type { ListedSubscriber } from './subscriberList';
import { createSubscriberList } from './subscriberList';
import { consoleUser, sendPage } from './page';
import type { ConsoleAssets } from './views/ConsoleDocument';
import { SubscribersPage } from './views/SubscribersPage';

interface SubscriberRoutesOptions {
  db: DatabaseSync;
  assets: () => ConsoleAssets;
  /** formEndpoint, requireSession and requireCsrf. */
  guardPost: RequestHandler[];
}

const exportColumns: CsvColumns<ListedSubscriber> = [
  ['email', 'email'],
  ['createdAt', 'signed_up_at'],
  ['confirmedAt', 'consent_at'],
];

/** The newsletter list, its export, and removal (an unsubscription: the consent record stays). */
export function subscriberRoutes({ db, assets, guardPost }: SubscriberRoutesOptions): Router {
  const list = createSubscriberList(db);
  const router = Router();

  router.get('/staff/subscribers', (req, res) => {
    const removed = typeof req.query.removed === 'string' ? req.query.removed.slice(0, 254) : undefined;
    sendPage(res, 200, createElement(SubscribersPage, { assets: assets(), user: consoleUser(res), confirmed: list.confirmed(), pending: list.pending(), removed }));
  });

  router.get('/staff/subscribers.csv', (_req, res) => {
    res.attachment(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`).type('text/csv; charset=utf-8').send(toCsv(exportColumns, list.confirmed()));
  });

  router.post('/staff/subscribers/:id/remove', ...guardPost, (req, res) => {
    const raw = String(req.params.id);
    const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    const subscriber = list.confirmed().find((candidate) => candidate.id === id) ?? list.pending().find((candidate) => candidate.id === id);
    if (subscriber) list.remove(id);
    res.redirect(303, subscriber ? `/staff/subscribers?removed=${encodeURIComponent(subscriber.email)}` : '/staff/subscribers');
  });

  return router;
}
