import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';
import { ResearchAreaCard } from './ResearchAreaCard';

/** The four research areas as a two-by-two grid of cards. */
export function ResearchAreas() {
  const { eyebrow, title, intro, items } = useLocale().catalogue.research.areas;
  return (
    <section className="section" aria-labelledby="areas-title">
      <div className="container">
        <SectionHeader id="areas-title" eyebrow={eyebrow} title={title} intro={intro} />
        <div className="research-areas">
          {items.map((area) => (
            <ResearchAreaCard key={area.id} area={area} />
          ))}
        </div>
      </div>
    </section>
  );
}
