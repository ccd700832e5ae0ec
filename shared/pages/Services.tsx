import { Link } from '../components/Link';
import { PageHero } from '../components/PageHero';
import { staticSection } from '../components/StaticSection';
import { useLocale } from '../components/useLocale';

// Static sections: their code loads only when a navigation shows them (see StaticSection).
const PlanGrid = staticSection('PlanGrid', async () => (await import('../components/services/PlanGrid')).PlanGrid);
const AddOnList = staticSection('AddOnList', async () => (await import('../components/services/AddOnList')).AddOnList);
const ProcessSteps = staticSection(
  'ProcessSteps',
  async () => (await import('../components/services/ProcessSteps')).ProcessSteps,
);
const TechnologyList = staticSection(
  'TechnologyList',
  async () => (await import('../components/services/TechnologyList')).TechnologyList,
);
const ServicesCta = staticSection(
  'ServicesCta',
  async () => (await import('../components/services/ServicesCta')).ServicesCta,
);
export const sections = [PlanGrid, AddOnList, ProcessSteps, TechnologyList, ServicesCta];

export default function Services() {
  const { catalogue, localize } = useLocale();
  const servicesHero = catalogue.services.hero;
  const { compareAction, contactAction } = servicesHero;
  return (
    <>
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} intro={servicesHero.intro}>
        <a href={compareAction.to} className="button button--primary">
          {compareAction.label}
        </a>
        <Link to={localize(contactAction.to)} className="button button--ghost">
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
