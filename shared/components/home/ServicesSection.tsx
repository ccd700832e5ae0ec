import type { IconNode } from 'lucide';
import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import Layers from 'lucide/dist/esm/icons/layers.mjs';
import Megaphone from 'lucide/dist/esm/icons/megaphone.mjs';
import MonitorSmartphone from 'lucide/dist/esm/icons/monitor-smartphone.mjs';
import PhoneCall from 'lucide/dist/esm/icons/phone-call.mjs';

import type { PlanId } from '../../content/data';
import { currency } from '../../content/data';
import type { Catalogue } from '../../content/i18n/types';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

const planIcons: Record<PlanId, IconNode> = {
  'web-subscription': MonitorSmartphone,
  'ai-voice-systems': PhoneCall,
  'marketing-ads': Megaphone,
  'all-in-one': Layers,
};

/** One price card; its title link covers the whole card, so the card is one target with one name. */
function PlanCard({ plan }: { plan: Catalogue['plans']['plans'][number] }) {
  const { catalogue, localize } = useLocale();
  const { formatPrice, priceNote } = catalogue.plans;
  const icon = planIcons[plan.id];
  return (
    <li className={plan.featured ? 'card card--lift home-plan home-plan--featured' : 'card card--lift home-plan'}>
      <span className="home-plan__icon" aria-hidden="true">
        <Icon icon={icon} size={22} />
      </span>
      <h3 className="home-plan__title">
        <Link to={localize('/services')} className="home-plan__link">
          {plan.title}
        </Link>
      </h3>
      <p className="home-plan__description">{plan.description}</p>
      <p className="home-plan__price">
        <span className="home-plan__amount">{formatPrice(plan.price)}</span>{' '}
        <span className="home-plan__currency">{currency}</span> <span className="home-plan__note">{priceNote}</span>
      </p>
      <span className="home-plan__more" aria-hidden="true">
        {catalogue.home.services.cardLink}
        <Icon icon={ArrowRight} size={16} />
      </span>
    </li>
  );
}

export function ServicesSection() {
  const { catalogue } = useLocale();
  const homeServices = catalogue.home.services;
  const { plans } = catalogue.plans;
  return (
    <section id={homeServices.id} className="section section--soft home-services" aria-labelledby="services-title">
      <div className="container">
        <SectionHeader
          id="services-title"
          eyebrow={homeServices.eyebrow}
          title={homeServices.title}
          intro={homeServices.intro}
        />
        <ul className="home-services__grid">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        <p className="home-services__note">{homeServices.priceNote}</p>
      </div>
    </section>
  );
}
