import type { ReactNode } from 'react';

import { ColumnHeads } from './ColumnHeads';

interface ScrollTableProps {
  /** staff-trend__data beside a chart (a bounded height), staff-scroll for a wide table alone. */
  frame: 'staff-trend__data' | 'staff-scroll';
  /** The scrolling region's name, read when it takes the focus. */
  label: string;
  /** A caption for screen readers, where the region's name does not say what a row is. */
  caption?: ReactNode;
  columns: readonly string[];
  children: ReactNode;
}

/** A compact table in a region that scrolls on its own and can be reached by keyboard to scroll it. */
export function ScrollTable({ frame, label, caption, columns, children }: ScrollTableProps) {
  return (
    <div className={frame} tabIndex={0} role="region" aria-label={label}>
      <table className="staff-table staff-table--compact">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <ColumnHeads names={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
