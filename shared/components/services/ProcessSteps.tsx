import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

/** The four steps of a project, numbered, in order. */
export function ProcessSteps() {
  const { eyebrow, title, intro, steps } = useLocale().catalogue.services.process;
  return (
    <section className="section" aria-labelledby="process-title">
      <div className="container">
        <SectionHeader id="process-title" eyebrow={eyebrow} title={title} intro={intro} />
        <ol className="services-process">
          {steps.map((step, index) => (
            <li key={step.title} className="services-process__step">
              <span className="services-process__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="services-process__title">{step.title}</h3>
              <p className="services-process__text">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
