import { Link } from 'react-router';
import { PageHero } from '../components/PageHero';
import { ImpactFigures } from '../components/research/ImpactFigures';
import { PartnershipList } from '../components/research/PartnershipList';
import { PublicationList } from '../components/research/PublicationList';
import { ResearchAreas } from '../components/research/ResearchAreas';
import { ResearchCta } from '../components/research/ResearchCta';
import { researchHero } from '../content/research';

export default function Research() {
  const { primaryAction, secondaryAction } = researchHero;
  return (
    <>
      <PageHero eyebrow={researchHero.eyebrow} title={researchHero.title} intro={researchHero.intro}>
        <Link to={primaryAction.to} className="button button--primary">
          {primaryAction.label}
        </Link>
        <Link to={secondaryAction.to} className="button button--ghost">
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
