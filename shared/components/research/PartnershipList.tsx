import type { IconNode } from 'lucide';
import Factory from 'lucide/dist/esm/icons/factory.mjs';
import GraduationCap from 'lucide/dist/esm/icons/graduation-cap.mjs';
import Landmark from 'lucide/dist/esm/icons/landmark.mjs';

import type { partnershipIds } from '../../content/researchFacts';
import { Icon } from '../Icon';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

const icons: Record<(typeof partnershipIds)[number], IconNode> = {
  academic: GraduationCap,
  industry: Factory,
  government: Landmark,
};

/** The three kinds of partner the lab works with. */
export function PartnershipList() {
  const { eyebrow, title, intro, items } = useLocale().catalogue.research.partnerships;
  return (
    <section className="section" aria-labelledby="partnerships-title">
      <div className="container">
        <SectionHeader id="partnerships-title" eyebrow={eyebrow} title={title} intro={intro} />
        <ul className="research-partners">
          {items.map((partnership) => {
            const icon = icons[partnership.id];
            return (
              <li key={partnership.id} className="research-partner">
                <span className="research-partner__icon">
                  <Icon icon={icon} aria-hidden="true" size={24} />
                </span>
                <h3 className="research-partner__title">{partnership.title}</h3>
                <p className="research-partner__text">{partnership.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
