import Check from 'lucide-react/icons/check';
import Sparkles from 'lucide-react/icons/sparkles';
import { Link } from 'react-router';
import type { Plan } from '../../content/plans';
import { currency, formatPrice } from '../../content/data';
import { planFeatures } from '../../content/planFeatures';

/** The artwork's own size: set on the <img> so the card never shifts while it loads. */
export const PLAN_IMAGE_SIZE = { width: 720, height: 400 } as const;

function badgeFor(plan: Plan): string | null {
  if (plan.featured) return 'Best Value';
  if (plan.popular) return 'Most Popular';
  return null;
}

/** One plan: artwork, badge, title, description, price, what is included and the way to start. */
export function PlanCard({ plan }: { plan: Plan }) {
  const badge = badgeFor(plan);
  const modifier = plan.featured ? ' services-plan--featured' : plan.popular ? ' services-plan--popular' : '';
  const titleId = `plan-${plan.id}`;
  return (
    <article className={`card card--lift services-plan${modifier}`} aria-labelledby={titleId} data-plan={plan.id}>
      <div className="services-plan__media">
        <img
          className="services-plan__image"
          src={plan.image}
          width={PLAN_IMAGE_SIZE.width}
          height={PLAN_IMAGE_SIZE.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
        {badge ? (
          <p className="services-plan__badge">
            <Sparkles aria-hidden="true" size={14} strokeWidth={2.5} />
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
      <ul className="services-plan__features" aria-label={`Included in ${plan.title}`}>
        {planFeatures[plan.id].map((feature) => (
          <li key={feature} className="services-plan__feature">
            <Check className="services-plan__check" aria-hidden="true" size={16} strokeWidth={3} />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to="/contact"
        className={`button ${plan.popular || plan.featured ? 'button--primary' : 'button--secondary'} services-plan__cta`}
      >
        Get Started<span className="visually-hidden"> with {plan.title}</span>
      </Link>
    </article>
  );
}
