import type { IconNode } from 'lucide';
import ChartColumn from 'lucide/dist/esm/icons/chart-column.mjs';
import CodeXml from 'lucide/dist/esm/icons/code-xml.mjs';
import Languages from 'lucide/dist/esm/icons/languages.mjs';
import ShoppingCart from 'lucide/dist/esm/icons/shopping-cart.mjs';

import type { AddOnFacts } from '../../content/addOnFacts';
import { Icon } from '../Icon';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

const icons: Record<AddOnFacts['id'], IconNode> = {
  ecommerce: ShoppingCart,
  analytics: ChartColumn,
  languages: Languages,
  'custom-api': CodeXml,
};

/** Extras that can be added to any plan, each with its monthly price. */
export function AddOnList() {
  const { catalogue } = useLocale();
  const { eyebrow, title, intro, perMonth, items } = catalogue.services.addOns;
  const { formatPrice } = catalogue.plans;
  return (
    <section className="section section--soft" aria-labelledby="addons-title">
      <div className="container">
        <SectionHeader id="addons-title" eyebrow={eyebrow} title={title} intro={intro} />
        <ul className="services-addons">
          {items.map((addOn) => {
            const icon = icons[addOn.id];
            return (
              <li key={addOn.id} className="services-addon">
                <div className="services-addon__top">
                  <span className="services-addon__icon">
                    <Icon icon={icon} aria-hidden="true" size={22} />
                  </span>
                  <p className="services-addon__price">
                    <span className="services-addon__amount">{formatPrice(addOn.price)}</span> {perMonth}
                  </p>
                </div>
                <h3 className="services-addon__name">{addOn.name}</h3>
                <p className="services-addon__description">{addOn.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
