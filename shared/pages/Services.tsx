import { Link } from 'react-router';
import { PageHero } from '../components/PageHero';
import { AddOnList } from '../components/services/AddOnList';
import { PlanGrid } from '../components/services/PlanGrid';
import { ProcessSteps } from '../components/services/ProcessSteps';
import { ServicesCta } from '../components/services/ServicesCta';
import { TechnologyList } from '../components/services/TechnologyList';

export default function Services() {
  return (
    <>
      <PageHero
        eyebrow="Services & pricing"
        title="Our Services"
        intro="Four monthly plans for custom websites, AI voice agents and ads-based marketing, or all of them together. Prices in CAD."
      >
        <a href="#plans" className="button button--primary">
          Compare Plans
        </a>
        <Link to="/contact" className="button button--ghost">
          Talk to Our Team
        </Link>
      </PageHero>
      <PlanGrid />
      <AddOnList />
      <ProcessSteps />
      <TechnologyList />
      <ServicesCta />
    </>
  );
}
