import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { SERVICE_VALUES } from '../../shared/content/contactFields';
import { recordAudit } from '../console/audit/record';
import type { ConsoleSection, ConsoleSectionTools } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import type { Database } from '../db';
import { readBody } from '../http/formEndpoint';
import type { CsvColumns } from '../lib/csv';
import { toCsv } from '../lib/csv';
import { leadColumns } from './columns';
import { inboxCopy, leadNav, responseHours } from './consoleTexts';
import type { InboxFilter, InboxLead } from './inbox';
import { createInbox } from './inbox';
import { isLeadStatus } from './leadStatus';
import { InboxPage } from './views/InboxPage';
import { LeadPage, NOTE_LIMIT } from './views/LeadPage';

const PAGE_SIZE = 25;

interface LeadRoutesOptions {
  db: Database;
  assets: () => ConsoleAssets;
  /** formEndpoint, requireSession and requireCsrf: what every console post passes first. */
  guardPost: RequestHandler[];
  renderNotFound: (res: Response, message: string) => void;
  staffNames: ConsoleSectionTools['staffNames'];
  /** The fresh check an export of every lead's data asks for (decision 070). */
  recentCheck: RequestHandler;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The lead number in the URL, or null when it is not one. */
const leadId = (req: Request): number | null => {
  const raw = text(req.params.id);
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
};

/** The inbox filter from the query; values it does not know mean "all", the search is trimmed and bounded. */
function inboxFilter(query: Request['query']): InboxFilter {
  const status = text(query.status);
  const service = text(query.service);
  return {
    status: isLeadStatus(status) ? status : '',
    service: (SERVICE_VALUES as readonly string[]).includes(service) ? service : '',
    search: text(query.q).trim().slice(0, 200),
    // Stored trimmed and in lower case, at most 100 characters (decision 047).
    source: text(query.source).trim().toLowerCase().slice(0, 100),
    campaign: text(query.campaign).trim().toLowerCase().slice(0, 100),
  };
}

/** The filter as a query string ("" when all is shown), plus a page. */
function filterQuery(filter: InboxFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.status) params.set('status', filter.status);
  if (filter.service) params.set('service', filter.service);
  if (filter.source) params.set('source', filter.source);
  if (filter.campaign) params.set('campaign', filter.campaign);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The leads' own columns, then where each stands. */
const exportColumns: CsvColumns<InboxLead> = [
  ...leadColumns,
  ['status', 'status'],
  ['statusChangedAt', 'status_changed_at'],
];

/** The inbox, a lead's page, its status and notes, and the exports of the current filter. */
function leadRoutes({ db, assets, guardPost, renderNotFound, staffNames, recentCheck }: LeadRoutesOptions): Router {
  const inbox = createInbox(db);
  const router = Router();

  router.get('/staff/leads', async (req, res) => {
    const filter = inboxFilter(req.query);
    const requested = Number.parseInt(text(req.query.page), 10);
    const first = await inbox.page(filter, 0, PAGE_SIZE);
    const pages = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
    const page = Number.isSafeInteger(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
    const { leads, total } = page === 1 ? first : await inbox.page(filter, (page - 1) * PAGE_SIZE, PAGE_SIZE);
    const now = new Date();
    sendPage(
      res,
      200,
      createElement(InboxPage, {
        assets: assets(),
        user: consoleUser(res),
        filter,
        leads,
        total,
        page,
        pages,
        pageHref: (target: number) => `/staff/leads${filterQuery(filter, target)}`,
        query: filterQuery(filter),
        waiting: await inbox.waitingSince(new Date(now.getTime() - responseHours * 3_600_000)),
        outbox: await inbox.outbox(),
        now,
      }),
    );
  });

  const exportName = (extension: string) => `leads-${new Date().toISOString().slice(0, 10)}.${extension}`;
  /** The leads an export takes, written to the audit log before they leave (decision 072). */
  const exported = async (req: Request, res: Response, format: string) => {
    const leads = await inbox.all(inboxFilter(req.query));
    const detail = `${leads.length} leads as ${format}`;
    await recordAudit(db, { actor: consoleUser(res).email, action: 'export.leads', object: 'leads', detail });
    return leads;
  };
  router.get('/staff/leads.csv', recentCheck, async (req, res) => {
    res
      .attachment(exportName('csv'))
      .type('text/csv; charset=utf-8')
      .send(toCsv(exportColumns, await exported(req, res, 'CSV')));
  });
  router.get('/staff/leads.json', recentCheck, async (req, res) => {
    res
      .attachment(exportName('json'))
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(await exported(req, res, 'JSON'), null, 2)}\n`);
  });

  const showLead = async (
    req: Request,
    res: Response,
    status: number,
    extra: { notice?: { tone: 'success' | 'error'; text: string }; draftNote?: string } = {},
  ) => {
    const id = leadId(req);
    const detail = id === null ? undefined : await inbox.detail(id);
    if (!detail) {
      renderNotFound(res, inboxCopy.leadNotFound);
      return;
    }
    const page = { assets: assets(), user: consoleUser(res), detail, nameOf: await staffNames(), ...extra };
    sendPage(res, status, createElement(LeadPage, page));
  };

  const saved: Record<string, string> = { status: 'Status changed.', note: 'Note added.' };
  router.get('/staff/leads/:id', async (req, res) => {
    const done = noticeNamed(saved, req.query.saved);
    await showLead(req, res, 200, done ? { notice: { tone: 'success', text: done } } : {});
  });

  router.post('/staff/leads/:id/status', ...guardPost, async (req, res) => {
    const body = readBody(req, res);
    const { from, to } = textFields(body.ok ? body.fields : undefined);
    const id = leadId(req);
    if (id === null || !(await inbox.detail(id))) {
      renderNotFound(res, inboxCopy.leadNotFound);
      return;
    }
    if (!isLeadStatus(from) || !isLeadStatus(to)) {
      await showLead(req, res, 400, { notice: { tone: 'error', text: inboxCopy.statusNotAllowed } });
      return;
    }
    const result = await inbox.changeStatus(id, { from, to, staffEmail: consoleUser(res).email });
    if (result.ok) res.redirect(303, `/staff/leads/${id}?saved=status`);
    else if (result.reason === 'stale')
      await showLead(req, res, 409, { notice: { tone: 'error', text: inboxCopy.staleStatus } });
    else await showLead(req, res, 400, { notice: { tone: 'error', text: inboxCopy.statusNotAllowed } });
  });

  router.post('/staff/leads/:id/notes', ...guardPost, async (req, res) => {
    const body = readBody(req, res);
    const note = (textFields(body.ok ? body.fields : undefined).body ?? '').replace(/\r\n/g, '\n');
    const id = leadId(req);
    if (id === null || !(await inbox.detail(id))) {
      renderNotFound(res, inboxCopy.leadNotFound);
      return;
    }
    const problem =
      note.trim() === '' ? inboxCopy.noteEmpty : note.length > NOTE_LIMIT ? inboxCopy.noteTooLong(NOTE_LIMIT) : null;
    if (problem) {
      await showLead(req, res, 400, { notice: { tone: 'error', text: problem }, draftNote: note });
      return;
    }
    await inbox.addNote(id, note.trim(), consoleUser(res).email);
    res.redirect(303, `/staff/leads/${id}?saved=note#notes`);
  });

  return router;
}

/** The console's leads section. */
export const leadSection = (db: Database): ConsoleSection => ({
  nav: leadNav,
  roles: ['owner', 'sales'],
  routes: ({ guardPost, ...tools }) => leadRoutes({ db, ...tools, guardPost: guardPost() }),
});
