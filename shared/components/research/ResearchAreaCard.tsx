import ArrowRight from 'lucide-react/icons/arrow-right';
import Check from 'lucide-react/icons/check';
import { Link } from 'react-router';
import type { ResearchArea, ResearchStatus } from '../../content/research';

/** The artwork's own size: set on the <img> so the card never shifts while it loads. */
export const AREA_IMAGE_SIZE = { width: 800, height: 450 } as const;

/** Each status gets its own dot color, so the stage of an area reads at a glance. */
const statusTone: Record<ResearchStatus, string> = {
  'Active Research': 'active',
  'Breakthrough Phase': 'breakthrough',
  'Pilot Studies': 'pilot',
  'Clinical Validation': 'clinical',
};

/** One research area: artwork with its status, description, four focus items and a way to get in touch. */
export function ResearchAreaCard({ area }: { area: ResearchArea }) {
  const titleId = `area-${area.id}`;
  return (
    <article className="card card--lift research-area" aria-labelledby={titleId} data-area={area.id}>
      <div className="research-area__media">
        <img
          className="research-area__image"
          src={area.image}
          width={AREA_IMAGE_SIZE.width}
          height={AREA_IMAGE_SIZE.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
        <p className={`research-area__status research-area__status--${statusTone[area.status]}`}>
          <span className="visually-hidden">Status: </span>
          {area.status}
        </p>
      </div>
      <div className="research-area__body">
        <h3 id={titleId} className="research-area__title">
          {area.title}
        </h3>
        <p className="research-area__description">{area.description}</p>
        <p className="research-area__label" id={`${titleId}-focus`}>
          Focus areas
        </p>
        <ul className="research-area__highlights" aria-labelledby={`${titleId}-focus`}>
          {area.highlights.map((highlight) => (
            <li key={highlight} className="research-area__highlight">
              <Check className="research-area__check" aria-hidden="true" size={16} strokeWidth={3} />
              {highlight}
            </li>
          ))}
        </ul>
        <Link to="/contact" className="research-area__link">
          Learn More<span className="visually-hidden"> about {area.title}</span>
          <ArrowRight aria-hidden="true" size={18} />
        </Link>
      </div>
    </article>
  );
}
