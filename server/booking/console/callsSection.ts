/**
 * The console's calls (decision 087), for those who see the leads: the calls to come and those to mark, by person
 * and office, in the viewer's own time zone; a call's page marks it held or no-show, or cancels or moves it on the
 * visitor's behalf through the visitor's own path (the same e-mails and invitation, the UID kept, SEQUENCE raised).
 * Every form carries the version it was shown: a post that lost to another person's changes nothing and says so.
 */
import type { Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { createAccountStore } from '../../console/accounts';
import { recordAudit } from '../../console/audit/record';
import { consoleUser, sendPage, textFields } from '../../console/page';
import type { ConsoleSection, ConsoleSectionTools } from '../../console/section';
import { LAB_TIME_ZONE } from '../../console/texts';
import type { Database } from '../../db';
import { readBody } from '../../http/formEndpoint';
import type { OutboxStore } from '../../outbox/store';
import { storedSigner } from '../links';
import type { BookingService } from '../service';
import { bookingIn } from '../store';
import type { CallNotice } from './CallPage';
import { CallPage } from './CallPage';
import { callsOf, isOutcome, markCall, outcomeOf } from './calls';
import { CallsPage } from './CallsPage';

const DAY = 86_400_000;
/** How far ahead a move offers the person's free times. */
const MOVE_DAYS = 14;

interface CallsOptions {
  db: Database;
  service: BookingService;
  outbox: OutboxStore;
  wakeOutbox: () => void;
  siteUrl: string;
}

function callRoutes(
  { db, service, outbox, wakeOutbox, siteUrl }: CallsOptions,
  { assets, guardPost, renderNotFound }: ConsoleSectionTools,
): Router {
  const router = Router();
  const viewerZone = async (res: Response) =>
    (await createAccountStore(db).find(consoleUser(res).email))?.timeZone || LAB_TIME_ZONE;
  const audit = (res: Response, action: 'call.cancel' | 'call.move' | 'call.outcome', id: number, detail: string) =>
    recordAudit(db, { actor: consoleUser(res).email, action, object: `call ${id}`, detail });

  router.get('/staff/calls', async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const filter = {
      person: typeof query.person === 'string' ? query.person : '',
      office: typeof query.office === 'string' ? query.office : '',
    };
    const [people, zone] = [await service.people(), await viewerZone(res)];
    const calls = await callsOf(db, filter, Date.now());
    sendPage(
      res,
      200,
      createElement(CallsPage, { assets: assets(), user: consoleUser(res), filter, people, zone, ...calls }),
    );
  });

  /** A call's page as it is now, with a notice and what the refused form had chosen. */
  const showCall = async (req: Request, res: Response, status: number, notice?: CallNotice, chosen = '') => {
    const id = Number(req.params.id);
    const booking = Number.isSafeInteger(id) ? await bookingIn(db, id) : undefined;
    if (!booking) {
      renderNotFound(res, 'No such call.');
      return;
    }
    const now = Date.now();
    const [people, zone, outcome] = [await service.people(), await viewerZone(res), await outcomeOf(db, id)];
    const free =
      booking.status === 'confirmed' && Date.parse(booking.startAt) > now
        ? (await service.slots({ from: now, to: now + MOVE_DAYS * DAY, language: booking.locale }, now)).filter(
            (slot) => slot.people.includes(booking.personId),
          )
        : [];
    const person = people.find((taker) => taker.id === booking.personId);
    const page = { assets: assets(), user: consoleUser(res), booking, person, zone, outcome, free, now };
    sendPage(res, status, createElement(CallPage, { ...page, notice, chosen }));
  };
  router.get('/staff/calls/:id', (req, res) => {
    const done = req.query.done;
    return showCall(req, res, 200, done === 'cancelled' || done === 'moved' || done === 'marked' ? done : undefined);
  });

  /** The post's fields and the booking's manage token of the version the form was shown. */
  const posted = async (req: Request, res: Response) => {
    const body = readBody(req, res);
    const fields = textFields(body.ok ? body.fields : undefined);
    const [id, sequence] = [Number(req.params.id), Number(fields.sequence)];
    const valid = Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(sequence) && sequence >= 0;
    return { fields, id, sequence, token: valid ? (await storedSigner(db)).sign(id, sequence) : '' };
  };

  router.post('/staff/calls/:id/cancel', ...guardPost(), async (req, res) => {
    const { id, token } = await posted(req, res);
    const result = token ? await service.cancel(token) : { stale: 'invalid' as const };
    if (!('cancelled' in result)) {
      await showCall(req, res, 409, 'stale');
      return;
    }
    await audit(res, 'call.cancel', id, 'on the visitor’s behalf');
    res.redirect(303, `/staff/calls/${id}?done=cancelled`);
  });

  router.post('/staff/calls/:id/move', ...guardPost(), async (req, res) => {
    const { fields, id, token } = await posted(req, res);
    const start = Number(fields.slot);
    if (!token || !Number.isSafeInteger(start)) {
      await showCall(req, res, 400, 'no-time', fields.slot ?? '');
      return;
    }
    const result = await service.move(token, start);
    if ('taken' in result || 'stale' in result) {
      await showCall(req, res, 409, 'taken' in result ? 'taken' : 'stale', fields.slot);
      return;
    }
    await audit(res, 'call.move', id, `to ${new Date(start).toISOString()}`);
    res.redirect(303, `/staff/calls/${id}?done=moved`);
  });

  router.post('/staff/calls/:id/outcome', ...guardPost(), async (req, res) => {
    const { fields, id, sequence, token } = await posted(req, res);
    if (!token || !isOutcome(fields.outcome)) {
      await showCall(req, res, 400, 'no-outcome');
      return;
    }
    const by = consoleUser(res).email;
    const marked = await markCall(db, outbox, { id, sequence, outcome: fields.outcome, by, now: Date.now(), siteUrl });
    if (!marked) {
      await showCall(req, res, 409, 'stale');
      return;
    }
    wakeOutbox();
    await audit(res, 'call.outcome', id, fields.outcome);
    res.redirect(303, `/staff/calls/${id}?done=marked`);
  });
  return router;
}

/** The calls section: for those who see the leads (decision 069), as the leads' own sections are. */
export const callsSection = (options: CallsOptions): ConsoleSection => ({
  nav: { key: 'calls', href: '/staff/calls', label: 'Calls' },
  roles: ['owner', 'sales'],
  routes: (tools) => callRoutes(options, tools),
});
