import type { ReactNode } from 'react';

interface FilterFormProps {
  /** The list page the form reloads with the chosen values in its query. */
  action: string;
  label: string;
  /** The form searches a list (role search) rather than choosing what a report shows. */
  search?: boolean;
  submit: string;
  /** Where "Clear" leads: the list without filters; no link without it. */
  clearHref?: string;
  /** The fields. */
  children: ReactNode;
  /** What follows the buttons, such as the exports of what the filter shows. */
  after?: ReactNode;
}

/** A console list's or report's filter: a GET form of fields, its button and, where it has one, its Clear link. */
export function FilterForm({ action, label, search, submit, clearHref, children, after }: FilterFormProps) {
  return (
    <form
      className="staff-filters card"
      method="get"
      action={action}
      role={search ? 'search' : undefined}
      aria-label={label}
    >
      {children}
      <div className="staff-filters__actions">
        <button className="button button--primary" type="submit">
          {submit}
        </button>
        {clearHref && (
          <a className="staff-link" href={clearHref}>
            Clear
          </a>
        )}
      </div>
      {after}
    </form>
  );
}
