import type { Cursor } from '../../db/keyset';
import { cursorParam } from '../../db/keyset';

interface CursorPaginationProps {
  /** What the pages are of, for the navigation's name ("Pages of leads"). */
  label: string;
  /** The list's URL of the newer and the older page, with the current filter; null where there is none. */
  previousHref: string | null;
  nextHref: string | null;
}

/**
 * A list paged by keyset cursors (decision 091): Newer and Older, no page numbers, since a page is known by the row
 * it starts after rather than by how many come before it. Nothing when the list fits on one page.
 */
export function CursorPagination({ label, previousHref, nextHref }: CursorPaginationProps) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav className="staff-pagination" aria-label={label}>
      {previousHref ? (
        <a className="button button--secondary" href={previousHref} rel="prev">
          Newer
        </a>
      ) : (
        <span />
      )}
      <span />
      {nextHref ? (
        <a className="button button--secondary" href={nextHref} rel="next">
          Older
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The Newer and Older links of a page: the list's path with its filter's parameters and the cursor's. */
export function cursorHrefs(
  path: string,
  filter: Record<string, string>,
  page: { previous: Cursor | null; next: Cursor | null },
): Pick<CursorPaginationProps, 'previousHref' | 'nextHref'> {
  const href = (cursor: Cursor | null) =>
    cursor && `${path}?${new URLSearchParams({ ...filter, ...cursorParam(cursor) }).toString()}`;
  return { previousHref: href(page.previous), nextHref: href(page.next) };
}
