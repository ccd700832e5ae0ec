import { Link } from '../components/Link';
import { PageHero } from '../components/PageHero';
import { staticSection } from '../components/StaticSection';
import { useLocale } from '../components/useLocale';

// Static sections: their code loads only when a navigation shows them (see StaticSection).
const ResearchAreas = staticSection(
  'ResearchAreas',
  async () => (await import('../components/research/ResearchAreas')).ResearchAreas,
);
const ImpactFigures = staticSection(
  'ImpactFigures',
  async () => (await import('../components/research/ImpactFigures')).ImpactFigures,
);
const PublicationList = staticSection(
  'PublicationList',
  async () => (await import('../components/research/PublicationList')).PublicationList,
);
const PartnershipList = staticSection(
  'PartnershipList',
  async () => (await import('../components/research/PartnershipList')).PartnershipList,
);
const ResearchCta = staticSection(
  'ResearchCta',
  async () => (await import('../components/research/ResearchCta')).ResearchCta,
);
export const sections = [ResearchAreas, ImpactFigures, PublicationList, PartnershipList, ResearchCta];

export default function Research() {
  const { catalogue, localize } = useLocale();
  const researchHero = catalogue.research.hero;
  const { primaryAction, secondaryAction } = researchHero;
  return (
    <>
      <PageHero eyebrow={researchHero.eyebrow} title={researchHero.title} intro={researchHero.intro}>
        <Link to={localize(primaryAction.to)} className="button button--primary">
          {primaryAction.label}
        </Link>
        <Link to={localize(secondaryAction.to)} className="button button--ghost">
          {secondaryAction.label}
        </Link>
      </PageHero>
      <ResearchAreas />
      <ImpactFigures />
      <PublicationList />
      <PartnershipList />
      <ResearchCta />
    </>
  );
}
