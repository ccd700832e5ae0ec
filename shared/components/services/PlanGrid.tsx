import { Link } from 'react-router';
import { currency } from '../../content/data';
import { plans } from '../../content/plans';
import { SectionHeader } from '../SectionHeader';
import { PlanCard } from './PlanCard';

/** The four monthly plans side by side, with the currency stated once for all of them. */
export function PlanGrid() {
  return (
    <section id="plans" className="section services-plans" aria-labelledby="plans-title">
      <div className="container">
        <SectionHeader
          id="plans-title"
          eyebrow="Pricing"
          title="Simple monthly plans"
          intro={`Every plan is designed, built and run by our team, with support included. All prices are in Canadian dollars (${currency}).`}
        />
        <div className="services-plans__grid">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="services-plans__note">
          Prices in {currency}, per month. Need something different?{' '}
          <Link to="/contact">Ask for a custom quote</Link>
        </p>
      </div>
    </section>
  );
}
