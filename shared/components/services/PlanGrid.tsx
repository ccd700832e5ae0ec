import { links } from '../../content/data';
import { Link } from '../Link';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';
import { PlanCard } from './PlanCard';

/** The four monthly plans side by side, with the currency stated once for all of them. */
export function PlanGrid() {
  const { catalogue, localize } = useLocale();
  const { plans } = catalogue.plans;
  const { eyebrow, title, intro, note, quoteLink } = catalogue.services.plans;
  return (
    <section id="plans" className="section services-plans" aria-labelledby="plans-title">
      <div className="container">
        <SectionHeader id="plans-title" eyebrow={eyebrow} title={title} intro={intro} />
        <div className="services-plans__grid">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="services-plans__note">
          {note} <Link to={localize(links.contact)}>{quoteLink}</Link>
        </p>
      </div>
    </section>
  );
}
