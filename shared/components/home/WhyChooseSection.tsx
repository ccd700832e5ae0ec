import type { IconNode } from 'lucide';
import Cpu from 'lucide/dist/esm/icons/cpu.mjs';
import Globe from 'lucide/dist/esm/icons/globe.mjs';
import ReceiptText from 'lucide/dist/esm/icons/receipt-text.mjs';
import Rocket from 'lucide/dist/esm/icons/rocket.mjs';

import type { whyChooseIds } from '../../content/data';
import { Icon } from '../Icon';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

const reasonIcons: Record<(typeof whyChooseIds)[number], IconNode> = {
  technology: Cpu,
  presence: Globe,
  delivery: Rocket,
  pricing: ReceiptText,
};

export function WhyChooseSection() {
  const homeWhyChoose = useLocale().catalogue.home.whyChoose;
  return (
    <section id={homeWhyChoose.id} className="section home-why" aria-labelledby="why-choose-title">
      <div className="container">
        <SectionHeader
          id="why-choose-title"
          eyebrow={homeWhyChoose.eyebrow}
          title={homeWhyChoose.title}
          intro={homeWhyChoose.intro}
        />
        <ul className="home-why__grid">
          {homeWhyChoose.items.map((item) => {
            const icon = reasonIcons[item.id];
            return (
              <li key={item.id} className="home-reason">
                <span className="home-reason__icon" aria-hidden="true">
                  <Icon icon={icon} size={24} />
                </span>
                <h3 className="home-reason__title">{item.title}</h3>
                <p className="home-reason__text">{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
