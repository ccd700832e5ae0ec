import type { Database, SqlValue } from '../../db';
import type { Cursor, KeysetPage } from '../../db/keyset';
import { keysetPage } from '../../db/keyset';
import type { AuditAction } from './record';
import { AUDIT_ACTIONS } from './record';

/** Rows on one page of the log. */
const AUDIT_PAGE_SIZE = 50;

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  action: AuditAction;
  object: string;
  detail: string;
}

/** What the owner filters by: a person's address (the page names them), an action, days from and to (inclusive). */
export interface AuditFilter {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

const isAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter a query names; anything it does not understand is left out. */
export function auditFilter(query: Record<string, unknown>, actorOf: (id: string) => string | undefined): AuditFilter {
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : '');
  const day = (key: string) => (DAY.test(text(key)) && !Number.isNaN(Date.parse(text(key))) ? text(key) : '');
  return {
    actor: actorOf(text('person')) ?? '',
    action: isAction(text('action')) ? (text('action') as AuditAction) : '',
    from: day('from'),
    to: day('to'),
  };
}

function where(filter: AuditFilter): [string, SqlValue[]] {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  const add = (clause: string, value: SqlValue) => {
    clauses.push(clause);
    params.push(value);
  };
  if (filter.actor) add('actor = ?', filter.actor);
  if (filter.action) add('action = ?', filter.action);
  if (filter.from) add('at >= ?', filter.from);
  // The whole "to" day: everything before the next one.
  if (filter.to) add('at < ?', new Date(Date.parse(filter.to) + 86_400_000).toISOString());
  return [clauses.join(' AND '), params];
}

/** The log, newest first: one page of it from a keyset cursor with the count of all that match, or all of it for the export. */
export function createAuditLog(db: Database) {
  return {
    async page(filter: AuditFilter, cursor: Cursor | null): Promise<KeysetPage<AuditRow> & { total: number }> {
      const [clause, params] = where(filter);
      const matching = clause ? `WHERE ${clause}` : '';
      const total = (await db.get<{ n: number }>(`SELECT count(*) AS n FROM audit_log ${matching}`, ...params))!.n;
      const page = await keysetPage<AuditRow>(db, {
        ...{ select: 'SELECT * FROM audit_log', where: clause, params, keyColumn: '', idColumn: 'id' },
        ...{ keyOf: () => '', idOf: (row) => Number(row.id), cursor, limit: AUDIT_PAGE_SIZE },
      });
      return { ...page, total: Number(total) };
    },
    all(filter: AuditFilter): Promise<AuditRow[]> {
      const [clause, params] = where(filter);
      return db.all<AuditRow>(`SELECT * FROM audit_log ${clause ? `WHERE ${clause}` : ''} ORDER BY id DESC`, ...params);
    },
  };
}
