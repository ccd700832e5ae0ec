import { Link } from 'react-router';
import { PageHero } from '../components/PageHero';
import { ImpactFigures } from '../components/research/ImpactFigures';
import { PartnershipList } from '../components/research/PartnershipList';
import { PublicationList } from '../components/research/PublicationList';
import { ResearchAreas } from '../components/research/ResearchAreas';
import { ResearchCta } from '../components/research/ResearchCta';

export default function Research() {
  return (
    <>
      <PageHero
        eyebrow="Research"
        title="Research & Innovation"
        intro="From drug discovery to diagnostic technologies, our research teams turn scientific questions into working solutions."
      >
        <Link to="/contact" className="button button--primary">
          Collaborate With Us
        </Link>
        <Link to="/blog" className="button button--ghost">
          Read Our Blog
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
