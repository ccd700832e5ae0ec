import type { LucideIcon } from 'lucide-react';
import Cpu from 'lucide-react/icons/cpu';
import Globe from 'lucide-react/icons/globe';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Rocket from 'lucide-react/icons/rocket';
import type { WhyChooseItem } from '../../content/home';
import { useLocale } from '../useLocale';
import { SectionHeader } from '../SectionHeader';

const reasonIcons: Record<WhyChooseItem['id'], LucideIcon> = {
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
        <SectionHeader id="why-choose-title" eyebrow={homeWhyChoose.eyebrow} title={homeWhyChoose.title} intro={homeWhyChoose.intro} />
        <ul className="home-why__grid">
          {homeWhyChoose.items.map((item) => {
            const Icon = reasonIcons[item.id];
            return (
              <li key={item.id} className="home-reason">
                <span className="home-reason__icon" aria-hidden="true">
                  <Icon size={24} />
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
