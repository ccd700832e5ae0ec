/** The English research page, gathered from shared/content/research.ts. */
import {
  impactFigures,
  partnerships,
  publicationImpacts,
  researchAreas,
  researchAreasSection,
  researchCta,
  researchHead,
  researchHero,
  researchImpact,
  researchPartnerships,
  researchPublications,
} from '../../research';

export const research = {
  head: researchHead,
  hero: researchHero,
  areas: { ...researchAreasSection, items: researchAreas },
  impact: { ...researchImpact, figures: impactFigures },
  publications: { ...researchPublications, impacts: publicationImpacts },
  partnerships: { ...researchPartnerships, items: partnerships },
  cta: researchCta,
};
