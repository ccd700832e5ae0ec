import type { ReactNode } from 'react';

/** The dark band that opens every inner page: eyebrow, the page's one h1, an intro and optional actions. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container page-hero__inner">
        <p className="eyebrow eyebrow--light">{eyebrow}</p>
        <h1 id="page-title" className="page-hero__title">
          {title}
        </h1>
        <p className="page-hero__intro">{intro}</p>
        {children ? <div className="page-hero__actions">{children}</div> : null}
      </div>
    </section>
  );
}
