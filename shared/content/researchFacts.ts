/**
 * The research page's facts in no language: each area's illustration, the
 * impact figures' values and the publications, which keep the language they
 * were published in. Each language's texts add only their words to these.
 */

export interface ResearchAreaFacts {
  id: 'drug-discovery' | 'biotechnology' | 'environmental' | 'diagnostics';
  /** A URL, so the lab can swap the illustration for a photograph. */
  image: string;
}

export const researchAreaFacts: readonly ResearchAreaFacts[] = [
  { id: 'drug-discovery', image: '/images/research/drug-discovery.webp' },
  { id: 'biotechnology', image: '/images/research/biotechnology.webp' },
  { id: 'environmental', image: '/images/research/environmental.webp' },
  { id: 'diagnostics', image: '/images/research/diagnostics.webp' },
];

export interface ImpactFigureFacts {
  id: 'projects' | 'publications' | 'patents' | 'awards';
  value: string;
}

export const impactFigureFacts: readonly ImpactFigureFacts[] = [
  { id: 'projects', value: '50+' },
  { id: 'publications', value: '120+' },
  { id: 'patents', value: '25+' },
  { id: 'awards', value: '15+' },
];

export interface PublicationFacts {
  title: string;
  journal: string;
  year: number;
  authors: string;
  /** Its short tag on the publication's reach, named in each language. */
  impact: 'High Impact' | 'Featured Article' | 'Most Cited';
  /** The language it is written in: a page in another language marks its title and journal with it. */
  lang: 'en';
}

export const publicationFacts: readonly PublicationFacts[] = [
  {
    title: 'Machine Learning Models for Accelerated Screening of Small-Molecule Inhibitors',
    journal: 'Journal of Computational Drug Discovery',
    year: 2024,
    authors: 'M. Rodríguez, J. Chen, A. Patel et al.',
    impact: 'High Impact',
    lang: 'en',
  },
  {
    title: 'A Modular CRISPR Platform for Rapid Engineering of Industrial Microbial Strains',
    journal: 'Biotechnology Advances Review',
    year: 2024,
    authors: 'S. Okafor, L. Martínez, D. Kim et al.',
    impact: 'Featured Article',
    lang: 'en',
  },
  {
    title: 'Low-Cost Paper-Based Assays for Point-of-Care Detection of Infectious Disease',
    journal: 'Diagnostics & Clinical Innovation',
    year: 2023,
    authors: 'E. Novak, R. Gómez, T. Williams et al.',
    impact: 'Most Cited',
    lang: 'en',
  },
];

export const partnershipIds = ['academic', 'industry', 'government'] as const;
