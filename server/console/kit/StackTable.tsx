import type { ReactNode } from 'react';

import { ColumnHeads } from './ColumnHeads';

interface StackTableProps {
  columns: readonly ReactNode[];
  /** The id of the heading that names the table, or else… */
  labelledBy?: string;
  /** …the table's name itself. */
  label?: string;
  /** The rows; each cell carries its column's name in data-label, which the narrow layout shows. */
  children: ReactNode;
}

/** A console table that becomes a card per row on narrow screens (staff-table--stack). */
export function StackTable({ columns, labelledBy, label, children }: StackTableProps) {
  return (
    <table className="staff-table staff-table--stack" aria-labelledby={labelledBy} aria-label={label}>
      <ColumnHeads names={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}
