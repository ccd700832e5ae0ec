import type { Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import { cursorOf } from '../../db/keyset';
import type { CsvColumns } from '../../lib/csv';
import { toCsv } from '../../lib/csv';
import { createAccountStore } from '../accounts';
import { cursorHrefs } from '../kit/CursorPagination';
import { consoleUser, sendPage } from '../page';
import type { ConsoleSection, ConsoleSectionTools } from '../section';
import type { AuditFilter } from './log';
import { auditFilter, createAuditLog } from './log';
import { actorName, objectName } from './names';
import { AUDIT_ACTIONS, recordAudit } from './record';
import { AuditPage } from './views/AuditPage';

type NamedRow = { at: string; who: string; what: string; action: string; detail: string };
const exportColumns: CsvColumns<NamedRow> = [
  ['at', 'When (UTC)'],
  ['who', 'Who'],
  ['action', 'What'],
  ['what', 'Object'],
  ['detail', 'Detail'],
];

function auditRoutes(db: Database, { assets, staffNames }: ConsoleSectionTools): Router {
  const log = createAuditLog(db);
  const accounts = createAccountStore(db);
  const router = Router();

  /** The filter of a query, the people to choose from, and each row with names rather than addresses. */
  const read = async (query: Record<string, unknown>) => {
    const people = await accounts.list();
    const idOf = new Map(people.map((person) => [String(person.id), person.email]));
    const filter = auditFilter(query, (id) => idOf.get(id));
    const person = people.find((account) => account.email === filter.actor)?.id;
    const nameOf = await staffNames();
    const personNames = new Map(people.map((account) => [account.id, nameOf(account.email)]));
    const named = <Row extends { actor: string; object: string }>(row: Row) => ({
      ...row,
      who: actorName(nameOf, row.actor),
      what: objectName(row.object, personNames),
    });
    const choices = people.map((account) => [String(account.id), nameOf(account.email)] as const);
    return { filter, person: person === undefined ? '' : String(person), named, choices };
  };
  /** The filter as a page link's parameters. */
  const paramsOf = (filter: AuditFilter, person: string) => {
    const params: Record<string, string> = {};
    if (person) params.person = person;
    for (const key of ['action', 'from', 'to'] as const) if (filter[key]) params[key] = filter[key];
    return params;
  };

  router.get('/staff/audit', async (req, res) => {
    const { filter, person, named, choices } = await read(req.query);
    const page = await log.page(filter, cursorOf(req.query as Record<string, unknown>, ''));
    const params = paramsOf(filter, person);
    const query = new URLSearchParams(params).toString();
    sendPage(
      res,
      200,
      createElement(AuditPage, {
        assets: assets(),
        user: consoleUser(res),
        filter: { ...filter, person },
        people: choices,
        rows: page.rows.map(named),
        total: page.total,
        ...cursorHrefs('/staff/audit', params, page),
        query: query ? `?${query}` : '',
      }),
    );
  });

  router.get('/staff/audit.csv', async (req, res: Response) => {
    const { filter, named } = await read(req.query);
    const rows = (await log.all(filter)).map((row) => ({ ...named(row), action: AUDIT_ACTIONS[row.action] }));
    // The export is itself a copy of staff data leaving the console: the log records it before it goes.
    await recordAudit(db, {
      actor: consoleUser(res).email,
      action: 'export.audit',
      object: 'audit log',
      detail: `${rows.length} entries`,
    });
    res
      .attachment(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`)
      .type('text/csv; charset=utf-8')
      .send(toCsv(exportColumns, rows));
  });

  return router;
}

/** The console's audit log: owners alone read and export it (decision 072). */
export const auditSection = (db: Database): ConsoleSection => ({
  nav: { key: 'audit', href: '/staff/audit', label: 'Audit log' },
  roles: ['owner'],
  routes: (tools) => auditRoutes(db, tools),
});
