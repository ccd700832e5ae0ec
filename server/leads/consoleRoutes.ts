import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { SERVICE_VALUES } from '../../shared/content/contactFields';
import { createAccountStore } from '../console/accounts';
import { recordAudit } from '../console/audit/record';
import type { ConsoleSection, ConsoleSectionTools } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { cursorHrefs } from '../console/kit/CursorPagination';
import { fromLabTime } from '../console/kit/format';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import type { CrmEvents } from '../crm';
import type { Database } from '../db';
import { cursorOf } from '../db/keyset';
import { readBody } from '../http/formEndpoint';
import { streamText } from '../http/streamText';
import { csvChunks } from '../lib/csv';
import { jsonArrayChunks } from '../lib/jsonChunks';
import { inboxCopy, leadNav, pipelineCopy, responseHours } from './consoleTexts';
import { isLostReason, readWon } from './deal';
import type { ExportedLead } from './exportRows';
import { csvRows, exportColumns, exportedLeads } from './exportRows';
import type { InboxFilter } from './inbox';
import { createInbox, dueBounds } from './inbox';
import { isLeadStatus, STATUS_MOVES } from './leadStatus';
import { InboxPage } from './views/InboxPage';
import type { LeadPageProps } from './views/LeadPage';
import { LeadPage, NOTE_LIMIT, STEP_LIMIT } from './views/LeadPage';

const PAGE_SIZE = 25;
/** Leads an export reads at a time: a few hundred kilobytes of text (decision 091). */
const EXPORT_BATCH = 200;

interface LeadRoutesOptions {
  db: Database;
  /** Where an owner's or a status's change queues its event for the lab's CRM (decision 081). */
  crm: CrmEvents;
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

/** The note number in the URL, or null when it is not one. */
const noteId = (req: Request): number | null => {
  const raw = text(req.params.note);
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
};

/** The people who may own a lead (decision 079): the active staff who may read leads, by address. */
export async function possibleOwners(db: Database): Promise<{ email: string; name: string }[]> {
  const people = await createAccountStore(db).list();
  return people
    .filter((person) => !person.disabledAt && (person.role === 'owner' || person.role === 'sales'))
    .map((person) => ({ email: person.email, name: person.name || person.email }));
}

/**
 * The inbox filter from the query; values it does not know mean "all", the search is trimmed and bounded. The
 * owner "me" is the signed-in person (the alert bar's link says so).
 */
function inboxFilter(query: Request['query'], me: string): InboxFilter {
  const status = text(query.status);
  const service = text(query.service);
  const owner = text(query.owner).trim().toLowerCase().slice(0, 254);
  const due = text(query.due);
  return {
    owner: owner === 'me' ? me.toLowerCase() : owner,
    due: due === 'today' || due === 'overdue' ? due : '',
    status: isLeadStatus(status) ? status : '',
    service: (SERVICE_VALUES as readonly string[]).includes(service) ? service : '',
    search: text(query.q).trim().slice(0, 200),
    // Stored trimmed and in lower case, at most 100 characters (decision 047).
    source: text(query.source).trim().toLowerCase().slice(0, 100),
    campaign: text(query.campaign).trim().toLowerCase().slice(0, 100),
  };
}

/** The filter as query parameters (none when all is shown). */
function filterParams(filter: InboxFilter): Record<string, string> {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.status) params.set('status', filter.status);
  if (filter.service) params.set('service', filter.service);
  if (filter.source) params.set('source', filter.source);
  if (filter.campaign) params.set('campaign', filter.campaign);
  if (filter.owner) params.set('owner', filter.owner);
  if (filter.due) params.set('due', filter.due);
  return Object.fromEntries(params);
}

/** The filter as a query string ("" when all is shown): the exports'. */
function filterQuery(filter: InboxFilter): string {
  const query = new URLSearchParams(filterParams(filter)).toString();
  return query ? `?${query}` : '';
}

/** The inbox, a lead's page, its status and notes, and the exports of the current filter. */
function leadRoutes({
  db,
  crm,
  assets,
  guardPost,
  renderNotFound,
  staffNames,
  recentCheck,
}: LeadRoutesOptions): Router {
  const inbox = createInbox(db, crm);
  const router = Router();

  const filterOf = (req: Request, res: Response) => inboxFilter(req.query, consoleUser(res).email);
  router.get('/staff/leads', async (req, res) => {
    const filter = filterOf(req, res);
    const now = new Date();
    const page = await inbox.page(filter, cursorOf(req.query), PAGE_SIZE, dueBounds(now));
    sendPage(
      res,
      200,
      createElement(InboxPage, {
        assets: assets(),
        user: consoleUser(res),
        filter,
        leads: page.leads,
        total: page.total,
        pages: cursorHrefs('/staff/leads', filterParams(filter), page),
        query: filterQuery(filter),
        waiting: await inbox.waitingSince(new Date(now.getTime() - responseHours * 3_600_000)),
        owners: await possibleOwners(db),
        nameOf: await staffNames(),
        outbox: await inbox.outbox(),
        now,
      }),
    );
  });

  const exportName = (extension: string) => `leads-${new Date().toISOString().slice(0, 10)}.${extension}`;
  /**
   * The leads an export takes, written to the audit log before they leave (decision 072), then read and sent a batch
   * at a time (decision 091): memory stays flat however many there are, and a reader who goes away stops the reads.
   */
  const exported = async function* <T>(
    req: Request,
    res: Response,
    format: string,
    shape: (leads: readonly ExportedLead[]) => T[],
  ) {
    const filter = filterOf(req, res);
    const bounds = dueBounds();
    const detail = `${await inbox.count(filter, bounds)} leads as ${format}`;
    await recordAudit(db, { actor: consoleUser(res).email, action: 'export.leads', object: 'leads', detail });
    for await (const leads of inbox.batches(filter, EXPORT_BATCH, bounds)) yield shape(await exportedLeads(db, leads));
  };
  router.get('/staff/leads.csv', recentCheck, async (req, res) => {
    res.attachment(exportName('csv')).type('text/csv; charset=utf-8');
    await streamText(res, csvChunks(exportColumns, exported(req, res, 'CSV', csvRows)));
  });
  router.get('/staff/leads.json', recentCheck, async (req, res) => {
    res.attachment(exportName('json')).type('application/json; charset=utf-8');
    await streamText(res, jsonArrayChunks(exported(req, res, 'JSON', (leads) => [...leads])));
  });

  const showLead = async (
    req: Request,
    res: Response,
    status: number,
    extra: Partial<Pick<LeadPageProps, 'notice' | 'draftNote' | 'draftStep' | 'draftDeal' | 'draftEdit'>> = {},
  ) => {
    const id = leadId(req);
    const detail = id === null ? undefined : await inbox.detail(id);
    if (!detail) {
      renderNotFound(res, inboxCopy.leadNotFound);
      return;
    }
    const page = {
      ...{ assets: assets(), user: consoleUser(res), detail, nameOf: await staffNames() },
      ...{ owners: await possibleOwners(db), ...extra },
    };
    sendPage(res, status, createElement(LeadPage, page));
  };

  const saved: Record<string, string> = { status: 'Status changed.', note: 'Note added.', ...pipelineCopy.saved };
  const refuse = (req: Request, res: Response, problems: string[], drafts: Parameters<typeof showLead>[3] = {}) =>
    showLead(req, res, 400, { notice: { tone: 'error', text: problems.join(' ') }, ...drafts });
  /** The lead of a post's URL, or the not-found page (null). */
  const postedLead = async (req: Request, res: Response) => {
    const id = leadId(req);
    const detail = id === null ? undefined : await inbox.detail(id);
    if (!detail || id === null) renderNotFound(res, inboxCopy.leadNotFound);
    return detail ? id : null;
  };
  const postedFields = (req: Request, res: Response) => {
    const body = readBody(req, res);
    return textFields(body.ok ? body.fields : undefined);
  };
  router.get('/staff/leads/:id', async (req, res) => {
    const done = noticeNamed(saved, req.query.saved);
    await showLead(req, res, 200, done ? { notice: { tone: 'success', text: done } } : {});
  });

  router.post('/staff/leads/:id/status', ...guardPost, async (req, res) => {
    const fields = postedFields(req, res);
    const { from, to } = fields;
    const id = await postedLead(req, res);
    if (id === null) return;
    if (!isLeadStatus(from) || !isLeadStatus(to) || !STATUS_MOVES[from].includes(to)) {
      await showLead(req, res, 400, { notice: { tone: 'error', text: inboxCopy.statusNotAllowed } });
      return;
    }
    // Won needs its deal, lost its reason (decision 079); what was typed comes back with the reasons.
    const won = to === 'won' ? readWon(fields) : undefined;
    if (won && 'problems' in won) {
      await refuse(req, res, won.problems, { draftDeal: fields });
      return;
    }
    if (to === 'lost' && !isLostReason(fields.reason)) {
      await refuse(req, res, [pipelineCopy.lostReasonMissing], { draftDeal: fields });
      return;
    }
    const result = await inbox.changeStatus(id, {
      ...{ from, to, staffEmail: consoleUser(res).email },
      won: won?.deal,
      lost: isLostReason(fields.reason) ? fields.reason : undefined,
    });
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

  router.post('/staff/leads/:id/notes/:note', ...guardPost, async (req, res) => {
    const fields = postedFields(req, res);
    const body = (fields.body ?? '').replace(/\r\n/g, '\n');
    const id = await postedLead(req, res);
    if (id === null) return;
    const note = noteId(req);
    const draftEdit = { id: note ?? 0, body };
    const problem =
      body.trim() === '' ? inboxCopy.noteEmpty : body.length > NOTE_LIMIT ? inboxCopy.noteTooLong(NOTE_LIMIT) : null;
    if (problem) {
      await refuse(req, res, [problem], { draftEdit });
      return;
    }
    const edit =
      note === null
        ? 'missing'
        : await inbox.editNote(id, { note, body: body.trim(), was: fields.was, by: consoleUser(res).email });
    if (edit !== 'done') {
      const [status, text] = edit === 'stale' ? [409, pipelineCopy.noteStale] : [404, pipelineCopy.noteMissing];
      await showLead(req, res, status, { notice: { tone: 'error', text }, ...(edit === 'stale' && { draftEdit }) });
      return;
    }
    res.redirect(303, `/staff/leads/${id}?saved=noteEdit#notes`);
  });

  router.post('/staff/leads/:id/owner', ...guardPost, async (req, res) => {
    const fields = postedFields(req, res);
    const owner = (fields.owner ?? '').trim().toLowerCase();
    const id = await postedLead(req, res);
    if (id === null) return;
    if (owner !== '' && !(await possibleOwners(db)).some((person) => person.email.toLowerCase() === owner)) {
      await refuse(req, res, [pipelineCopy.ownerUnknown]);
      return;
    }
    if ((await inbox.setOwner(id, { owner, was: fields.was, by: consoleUser(res).email })) === 'stale') {
      await showLead(req, res, 409, { notice: { tone: 'error', text: pipelineCopy.ownerStale } });
      return;
    }
    res.redirect(303, `/staff/leads/${id}?saved=owner`);
  });

  router.post('/staff/leads/:id/step', ...guardPost, async (req, res) => {
    const fields = postedFields(req, res);
    const id = await postedLead(req, res);
    if (id === null) return;
    const step = (fields.step ?? '').replace(/\s+/g, ' ').trim();
    const typedDue = (fields.due ?? '').trim();
    // The due time is read on the lab's clock, as the console shows every time, and kept in UTC.
    const due = typedDue === '' ? null : (fromLabTime(typedDue) ?? undefined);
    const problems = [
      ...(step.length > STEP_LIMIT ? [pipelineCopy.stepTooLong(STEP_LIMIT)] : []),
      ...(due === undefined
        ? [pipelineCopy.dueNotTime]
        : step !== '' && due === null
          ? [pipelineCopy.stepNeedsDue]
          : []),
    ];
    if (problems.length > 0) {
      await refuse(req, res, problems, { draftStep: { step: fields.step ?? '', due: typedDue } });
      return;
    }
    const change = { step, dueAt: step === '' ? null : (due ?? null), was: fields.was, by: consoleUser(res).email };
    if ((await inbox.setNextStep(id, change)) === 'stale') {
      await showLead(req, res, 409, {
        notice: { tone: 'error', text: pipelineCopy.stepStale },
        draftStep: { step: fields.step ?? '', due: typedDue },
      });
      return;
    }
    res.redirect(303, `/staff/leads/${id}?saved=step`);
  });

  return router;
}

/** The console's leads section. */
export const leadSection = (db: Database, crm: CrmEvents): ConsoleSection => ({
  nav: leadNav,
  roles: ['owner', 'sales'],
  routes: ({ guardPost, ...tools }) => leadRoutes({ db, crm, ...tools, guardPost: guardPost() }),
});
