import type { ReactNode } from 'react';

import { formatDay } from '../../console/kit/format';
import { ScrollTable } from '../../console/kit/ScrollTable';
import type { AnalyticsTable, Cell } from '../tables';

/** A share with one decimal; the no-break space keeps the number and its sign on one line. */
export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 1000) / 10}\u00a0%`);

function CellText({ cell }: { cell: Cell }) {
  if (typeof cell !== 'object') return <>{cell}</>;
  if ('day' in cell) return <time dateTime={cell.day}>{formatDay(cell.day)}</time>;
  return <>{percent(cell.share)}</>;
}

/** A table's rows as the page shows them: the first cell heads its row. */
export function TableRows({ table, empty }: { table: AnalyticsTable; empty: string }) {
  const rows = table.top === undefined ? table.rows : table.rows.slice(0, table.top);
  if (rows.length === 0)
    return (
      <tr>
        <td colSpan={table.columns.length}>{empty}</td>
      </tr>
    );
  return rows.map(([first, ...rest], index) => (
    <tr key={index}>
      <th scope="row">
        <CellText cell={first!} />
      </th>
      {rest.map((cell, column) => (
        <td key={column}>
          <CellText cell={cell} />
        </td>
      ))}
    </tr>
  ));
}

/** The link to a table's own CSV, named for the table. */
export function CsvLink({ href, title }: { href: string; title: string }) {
  return (
    <a className="staff-link" href={href} download>
      CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
    </a>
  );
}

interface DataTableProps {
  id: string;
  table: AnalyticsTable;
  csv: string;
  empty: string;
  intro?: ReactNode;
}

/**
 * One table of the page in its panel: every row (or the first few of a top list, said so), in a region that
 * scrolls sideways on its own and takes the keyboard's focus, so the page itself never does; its CSV beside it.
 */
export function DataTable({ id, table, csv, empty, intro }: DataTableProps) {
  const titleId = `${id}-title`;
  return (
    <section className="staff-panel card" aria-labelledby={titleId}>
      <div className="staff-panel__head">
        <h2 id={titleId}>{table.title}</h2>
        <CsvLink href={csv} title={table.title} />
      </div>
      {intro && <p className="staff-muted">{intro}</p>}
      <ScrollTable frame="staff-scroll" label={`Table of ${table.title.toLowerCase()}`} columns={table.columns}>
        <TableRows table={table} empty={empty} />
      </ScrollTable>
      {table.top !== undefined && table.rows.length > table.top && (
        <p className="staff-muted">
          The first {table.top} of {table.rows.length}; the CSV holds them all.
        </p>
      )}
    </section>
  );
}
