import type { ReactNode } from 'react';

/** A table's column headings, in order; a heading may hold markup, such as a visually hidden name. */
export function ColumnHeads({ names }: { names: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, index) => (
          <th key={index} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
