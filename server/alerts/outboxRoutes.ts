import type { Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { recordAudit } from '../console/audit/record';
import type { ConsoleSection } from '../console/console';
import { consoleUser, sendPage } from '../console/page';
import type { Role } from '../console/roles';
import { ROLES } from '../console/roles';
import { ForbiddenPage } from '../console/views/ForbiddenPage';
import type { Database } from '../db';
import { createFailedMessages } from '../outbox/failed';
import type { OutboxStore } from '../outbox/store';
import { OutboxPage } from './views/OutboxPage';

interface OutboxSectionOptions {
  db: Database;
  outbox: OutboxStore;
  /** Has the worker send a retried message now rather than at its next poll. */
  wakeOutbox: () => void;
  /** The roles that may retry or drop a failed message of a kind: the owner and its feature's (decision 077). */
  handlers: (kind: string) => readonly Role[];
}

/** A message number from the URL, or 0 when it is not one. */
const messageId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : 0);

/**
 * The outbox's failed messages, each retried or dropped from the console (decision 077):
 *   GET  /staff/outbox              the failed messages of the kinds the person's role handles
 *   POST /staff/outbox/:id/retry    back in the queue, due now, with a fresh round of attempts
 *   POST /staff/outbox/:id/drop     given up for good: nothing of it is kept
 * Every role opens the page; each message is shown to, and acted on by, the roles of its kind only. Both
 * actions are written to the audit log.
 */
function outboxRoutes(
  { db, outbox, wakeOutbox, handlers }: OutboxSectionOptions,
  { assets, guardPost }: Parameters<ConsoleSection['routes']>[0],
): Router {
  const failed = createFailedMessages(db);
  const router = Router();
  const roleOf = (res: Response) => res.locals.staffSession!.role;

  const showPage = async (res: Response, status: number, notice?: { tone: 'success' | 'error'; text: string }) => {
    const role = roleOf(res);
    const kinds = (await failed.kinds()).filter((kind) => handlers(kind).includes(role));
    const { total, messages } = await failed.list(kinds);
    sendPage(
      res,
      status,
      createElement(OutboxPage, { assets: assets(), user: consoleUser(res), messages, total, notice }),
    );
  };

  router.get('/staff/outbox', async (req, res) => {
    const done = typeof req.query.done === 'string' ? req.query.done : '';
    const notice =
      done === 'retry'
        ? { tone: 'success' as const, text: 'The message is queued again: it goes out within seconds.' }
        : done === 'drop'
          ? { tone: 'success' as const, text: 'The message is dropped: it will not be sent.' }
          : undefined;
    await showPage(res, 200, notice);
  });

  for (const action of ['retry', 'drop'] as const)
    router.post(`/staff/outbox/:id/${action}`, ...guardPost(), async (req, res) => {
      const id = messageId(String(req.params.id));
      const message = id ? await failed.find(id) : undefined;
      if (!message) {
        await showPage(res, 409, {
          tone: 'error',
          text: 'That message is no longer failed: it was sent, retried or dropped meanwhile.',
        });
        return;
      }
      // The role check the section's own cannot make: the message's kind decides (decision 077).
      if (!handlers(message.kind).includes(roleOf(res))) {
        sendPage(res, 403, createElement(ForbiddenPage, { assets: assets(), user: consoleUser(res) }));
        return;
      }
      const actor = consoleUser(res).email;
      const acted =
        action === 'retry' ? (await outbox.retry(id)) === 'queued' : await outbox.drop(id, 'dropped from the console');
      if (acted)
        await recordAudit(db, {
          actor,
          action: `outbox.${action}`,
          object: `message ${id}`,
          detail: `${message.kind}, last error: ${message.lastError ?? 'none'}`,
        });
      if (acted && action === 'retry') wakeOutbox();
      res.redirect(303, `/staff/outbox?done=${action}`);
    });

  return router;
}

/** The console's outbox section: open to every role, each seeing the failed messages its role handles. */
export const outboxSection = (options: OutboxSectionOptions): ConsoleSection => ({
  nav: { key: 'outbox', href: '/staff/outbox', label: 'Outbox' },
  roles: ROLES,
  routes: (tools) => outboxRoutes(options, tools),
});
