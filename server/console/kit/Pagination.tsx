interface PaginationProps {
  /** What the pages are of, for the navigation's name ("Pages of leads"). */
  label: string;
  page: number;
  pages: number;
  /** The list's URL of a page, with the current filter. */
  pageHref: (page: number) => string;
}

/** A list's pages, newest first: Newer, where it is, Older; nothing when it fits on one page. */
export function Pagination({ label, page, pages, pageHref }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="staff-pagination" aria-label={label}>
      {page > 1 ? (
        <a className="button button--secondary" href={pageHref(page - 1)} rel="prev">
          Newer
        </a>
      ) : (
        <span />
      )}
      <span className="staff-pagination__where">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a className="button button--secondary" href={pageHref(page + 1)} rel="next">
          Older
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
