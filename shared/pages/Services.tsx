import { Link } from 'react-router';
import { PageHero } from '../components/PageHero';
import { AddOnList } from '../components/services/AddOnList';
import { PlanGrid } from '../components/services/PlanGrid';
import { ProcessSteps } from '../components/services/ProcessSteps';
import { ServicesCta } from '../components/services/ServicesCta';
import { TechnologyList } from '../components/services/TechnologyList';
import { servicesHero } from '../content/services';

export default function Services() {
  const { compareAction, contactAction } = servicesHero;
  return (
    <>
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} intro={servicesHero.intro}>
        <a href={compareAction.to} className="button button--primary">
          {compareAction.label}
        </a>
        <Link to={contactAction.to} className="button button--ghost">
          {contactAction.label}
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
