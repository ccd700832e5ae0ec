import Check from 'lucide/dist/esm/icons/check.mjs';
import Sparkles from 'lucide/dist/esm/icons/sparkles.mjs';

import { currency, links } from '../../content/data';
import type { Catalogue } from '../../content/i18n/types';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { ResponsiveImage } from '../ResponsiveImage';
import { useLocale } from '../useLocale';

/** The artwork's width in services.css: one column, two from 640px (wider gutters from 768px), four from 1200px. */
const PLAN_IMAGE_SIZES =
  '(min-width: 1200px) 252px, (min-width: 768px) calc(50vw - 70px), (min-width: 640px) calc(50vw - 62px), calc(100vw - 74px)';

type Plan = Catalogue['plans']['plans'][number];

function badgeFor(plan: Plan, badges: Catalogue['services']['plans']['badges']): string | null {
  if (plan.featured) return badges.featured;
  if (plan.popular) return badges.popular;
  return null;
}

/** One plan: artwork, badge, title, description, price, what is included and the way to start. */
export function PlanCard({ plan }: { plan: Plan }) {
  const { catalogue, localize } = useLocale();
  const { formatPrice } = catalogue.plans;
  const words = catalogue.services.plans;
  const badge = badgeFor(plan, words.badges);
  const modifier = plan.featured ? ' services-plan--featured' : plan.popular ? ' services-plan--popular' : '';
  const titleId = `plan-${plan.id}`;
  return (
    <article className={`card card--lift services-plan${modifier}`} aria-labelledby={titleId} data-plan={plan.id}>
      <div className="services-plan__media">
        <ResponsiveImage className="services-plan__image" src={plan.image} sizes={PLAN_IMAGE_SIZES} />
        {badge ? (
          <p className="services-plan__badge">
            <Icon icon={Sparkles} aria-hidden="true" size={14} strokeWidth={2.5} />
            {badge}
          </p>
        ) : null}
      </div>
      <h3 id={titleId} className="services-plan__title">
        {plan.title}
      </h3>
      <p className="services-plan__description">{plan.description}</p>
      <p className="services-plan__price">
        <span className="services-plan__amount">{formatPrice(plan.price)}</span>{' '}
        <span className="services-plan__unit">
          <span className="services-plan__currency">{currency}</span>{' '}
          <span className="services-plan__note">{plan.priceNote}</span>
        </span>
      </p>
      <ul className="services-plan__features" aria-label={words.includedIn(plan.title)}>
        {words.features[plan.id].map((feature) => (
          <li key={feature} className="services-plan__feature">
            <Icon icon={Check} className="services-plan__check" aria-hidden="true" size={16} strokeWidth={3} />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to={localize(links.contact)}
        className={`button ${plan.popular || plan.featured ? 'button--primary' : 'button--secondary'} services-plan__cta`}
      >
        {words.getStarted}
        <span className="visually-hidden">{words.getStartedWith(plan.title)}</span>
      </Link>
    </article>
  );
}
