import { impactFigures } from '../../content/research';

/** The lab's research output in four figures, on a dark band. */
export function ImpactFigures() {
  return (
    <section className="research-impact" aria-labelledby="impact-title">
      <div className="container research-impact__inner">
        <div className="research-impact__intro">
          <p className="eyebrow eyebrow--light">Impact</p>
          <h2 id="impact-title" className="research-impact__title">
            Research that moves the field forward
          </h2>
        </div>
        <ul className="research-impact__list">
          {impactFigures.map((figure) => (
            <li key={figure.label} className="research-impact__item">
              <span className="research-impact__value">{figure.value}</span>{' '}
              <span className="research-impact__label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
