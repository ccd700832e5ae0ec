import { researchAreas } from '../../content/research';
import { SectionHeader } from '../SectionHeader';
import { ResearchAreaCard } from './ResearchAreaCard';

/** The four research areas as a two-by-two grid of cards. */
export function ResearchAreas() {
  return (
    <section className="section" aria-labelledby="areas-title">
      <div className="container">
        <SectionHeader
          id="areas-title"
          eyebrow="Research areas"
          title="Where our science is focused"
          intro="Four programs, each at its own stage, from early discovery to clinical validation."
        />
        <div className="research-areas">
          {researchAreas.map((area) => (
            <ResearchAreaCard key={area.id} area={area} />
          ))}
        </div>
      </div>
    </section>
  );
}
