import { processSteps } from '../../content/process';
import { SectionHeader } from '../SectionHeader';

/** The four steps of a project, numbered, in order. */
export function ProcessSteps() {
  return (
    <section className="section" aria-labelledby="process-title">
      <div className="container">
        <SectionHeader
          id="process-title"
          eyebrow="How we work"
          title="Our process"
          intro="A clear path from first conversation to launch, with you involved at every step."
        />
        <ol className="services-process">
          {processSteps.map((step, index) => (
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
