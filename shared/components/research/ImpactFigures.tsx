import { useLocale } from '../useLocale';

/** The lab's research output in four figures, on a dark band. */
export function ImpactFigures() {
  const { eyebrow, title, figures } = useLocale().catalogue.research.impact;
  return (
    <section className="research-impact" aria-labelledby="impact-title">
      <div className="container research-impact__inner">
        <div className="research-impact__intro">
          <p className="eyebrow eyebrow--light">{eyebrow}</p>
          <h2 id="impact-title" className="research-impact__title">
            {title}
          </h2>
        </div>
        <ul className="research-impact__list">
          {figures.map((figure) => (
            <li key={figure.id} className="research-impact__item">
              <span className="research-impact__value">{figure.value}</span>{' '}
              <span className="research-impact__label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
