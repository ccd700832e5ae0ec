import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import Check from 'lucide/dist/esm/icons/check.mjs';

import { links } from '../../content/data';
import type { Catalogue } from '../../content/i18n/types';
import type { ResearchAreaFacts } from '../../content/researchFacts';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { ResponsiveImage } from '../ResponsiveImage';
import { useLocale } from '../useLocale';

/** The artwork's width in research.css: one column, two from 720px, at most 574px once the container stops growing. */
const AREA_IMAGE_SIZES = '(min-width: 1248px) 574px, (min-width: 720px) calc(50vw - 50px), calc(100vw - 50px)';

/** Each area's status gets its own dot color, so the stage of an area reads at a glance. */
const statusTone: Record<ResearchAreaFacts['id'], string> = {
  'drug-discovery': 'active',
  biotechnology: 'breakthrough',
  environmental: 'pilot',
  diagnostics: 'clinical',
};

/** One research area: artwork with its status, description, four focus items and a way to get in touch. */
export function ResearchAreaCard({ area }: { area: Catalogue['research']['areas']['items'][number] }) {
  const { catalogue, localize } = useLocale();
  const words = catalogue.research.areas;
  const titleId = `area-${area.id}`;
  return (
    <article className="card card--lift research-area" aria-labelledby={titleId} data-area={area.id}>
      <div className="research-area__media">
        <ResponsiveImage className="research-area__image" src={area.image} sizes={AREA_IMAGE_SIZES} />
        <p className={`research-area__status research-area__status--${statusTone[area.id]}`}>
          <span className="visually-hidden">{words.statusLabel}</span>
          {area.status}
        </p>
      </div>
      <div className="research-area__body">
        <h3 id={titleId} className="research-area__title">
          {area.title}
        </h3>
        <p className="research-area__description">{area.description}</p>
        <p className="research-area__label" id={`${titleId}-focus`}>
          {words.focusLabel}
        </p>
        <ul className="research-area__highlights" aria-labelledby={`${titleId}-focus`}>
          {area.highlights.map((highlight) => (
            <li key={highlight} className="research-area__highlight">
              <Icon icon={Check} className="research-area__check" aria-hidden="true" size={16} strokeWidth={3} />
              {highlight}
            </li>
          ))}
        </ul>
        <Link to={localize(links.contact)} className="research-area__link">
          {words.learnMore}
          <span className="visually-hidden">{words.learnMoreAbout(area.title)}</span>
          <Icon icon={ArrowRight} aria-hidden="true" size={18} />
        </Link>
      </div>
    </article>
  );
}
