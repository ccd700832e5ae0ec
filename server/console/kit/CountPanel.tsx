import type { ReactNode } from 'react';

interface CountPanelProps {
  /** The heading's id, which names the panel and its table. */
  id: string;
  title: string;
  /** A number, or a bounded count's label ("1,000+"). */
  count: number | string;
  /** A button beside the heading, such as an export. */
  action?: ReactNode;
  children: ReactNode;
}

/** A console panel headed by what it lists and how many there are. */
export function CountPanel({ id, title, count, action, children }: CountPanelProps) {
  const heading = (
    <h2 id={id}>
      {title} <span className="staff-count-pill">{count}</span>
    </h2>
  );
  return (
    <section className="staff-panel card" aria-labelledby={id}>
      {action ? (
        <div className="staff-panel__head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
