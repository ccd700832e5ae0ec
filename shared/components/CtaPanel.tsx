import type { ReactNode } from 'react';

/**
 * The dark closing panel of a page: a heading, a sentence, the actions and an
 * optional line of contact details. A panel on white, so it stays distinct
 * from the dark footer below it.
 */
export function CtaPanel({
  id,
  eyebrow,
  title,
  text,
  meta,
  className,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text: string;
  meta?: ReactNode;
  /** The page's own section modifier (spacing above). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`section cta ${className ?? ''}`.trim()} aria-labelledby={id}>
      <div className="container">
        <div className="cta__panel">
          {eyebrow ? <p className="eyebrow eyebrow--light">{eyebrow}</p> : null}
          <h2 id={id} className="cta__title">
            {title}
          </h2>
          <p className="cta__text">{text}</p>
          <div className="cta__actions">{children}</div>
          {meta ? <p className="cta__meta">{meta}</p> : null}
        </div>
      </div>
    </section>
  );
}
