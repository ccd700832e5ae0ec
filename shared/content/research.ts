/**
 * The research page's content. As the specification asks, this page speaks of
 * laboratory science while the rest of the site speaks of web development.
 */
import type { HeadText } from '../components/Seo';
import type { NavItem } from './navigation';

export const researchHead: HeadText = {
  title: 'Research | Meridian Lab',
  description:
    'Our research in drug discovery, biotechnology, environmental solutions and diagnostic technologies: projects, publications and partnerships.',
  keywords: ['research', 'drug discovery', 'biotechnology', 'environmental solutions', 'diagnostics', 'publications'],
};

/** The page's opening: one h1, the intro and two actions. */
export const researchHero = {
  eyebrow: 'Research',
  title: 'Research & Innovation',
  intro:
    'From drug discovery to diagnostic technologies, our research teams turn scientific questions into working solutions.',
  primaryAction: { label: 'Collaborate With Us', to: '/contact' } satisfies NavItem,
  secondaryAction: { label: 'Read Our Blog', to: '/blog' } satisfies NavItem,
};

export type ResearchStatus = 'Active Research' | 'Breakthrough Phase' | 'Pilot Studies' | 'Clinical Validation';

export interface ResearchArea {
  id: 'drug-discovery' | 'biotechnology' | 'environmental' | 'diagnostics';
  title: string;
  description: string;
  /** A URL, so the lab can swap the illustration for a photograph. */
  image: string;
  /** The four focus items of the area. */
  highlights: readonly string[];
  status: ResearchStatus;
}

export interface ImpactFigure {
  value: string;
  label: string;
}

export interface Publication {
  title: string;
  journal: string;
  year: number;
  authors: string;
  /** A short tag on the publication's reach, such as "High Impact". */
  impact: string;
}

export interface Partnership {
  id: 'academic' | 'industry' | 'government';
  title: string;
  description: string;
}

export const researchAreas: readonly ResearchArea[] = [
  {
    id: 'drug-discovery',
    title: 'Drug Discovery & Development',
    description:
      'Computational and laboratory methods that find promising compounds faster and carry them from target to candidate.',
    image: '/images/research/drug-discovery.webp',
    highlights: ['AI-assisted molecular screening', 'Target identification', 'Lead optimization', 'Preclinical modeling'],
    status: 'Active Research',
  },
  {
    id: 'biotechnology',
    title: 'Biotechnology Innovation',
    description:
      'Engineered biological systems and processes for new therapies, sustainable materials and efficient bioproduction.',
    image: '/images/research/biotechnology.webp',
    highlights: ['Gene editing platforms', 'Synthetic biology', 'Protein engineering', 'Bioprocess optimization'],
    status: 'Breakthrough Phase',
  },
  {
    id: 'environmental',
    title: 'Environmental Solutions',
    description:
      'Science-led approaches to cleaner water, healthier soil and lower emissions, tested in real settings with our partners.',
    image: '/images/research/environmental.webp',
    highlights: ['Water purification', 'Biodegradable materials', 'Carbon capture', 'Soil remediation'],
    status: 'Pilot Studies',
  },
  {
    id: 'diagnostics',
    title: 'Diagnostic Technologies',
    description:
      'Faster, more accessible tests that bring accurate results closer to the patient, from the lab bench to the clinic.',
    image: '/images/research/diagnostics.webp',
    highlights: ['Point-of-care testing', 'Biomarker discovery', 'AI-powered imaging analysis', 'Rapid molecular assays'],
    status: 'Clinical Validation',
  },
];

export const impactFigures: readonly ImpactFigure[] = [
  { value: '50+', label: 'Active Projects' },
  { value: '120+', label: 'Publications' },
  { value: '25+', label: 'Patents' },
  { value: '15+', label: 'Awards' },
];

export const publications: readonly Publication[] = [
  {
    title: 'Machine Learning Models for Accelerated Screening of Small-Molecule Inhibitors',
    journal: 'Journal of Computational Drug Discovery',
    year: 2024,
    authors: 'M. Rodríguez, J. Chen, A. Patel et al.',
    impact: 'High Impact',
  },
  {
    title: 'A Modular CRISPR Platform for Rapid Engineering of Industrial Microbial Strains',
    journal: 'Biotechnology Advances Review',
    year: 2024,
    authors: 'S. Okafor, L. Martínez, D. Kim et al.',
    impact: 'Featured Article',
  },
  {
    title: 'Low-Cost Paper-Based Assays for Point-of-Care Detection of Infectious Disease',
    journal: 'Diagnostics & Clinical Innovation',
    year: 2023,
    authors: 'E. Novak, R. Gómez, T. Williams et al.',
    impact: 'Most Cited',
  },
];

export const partnerships: readonly Partnership[] = [
  {
    id: 'academic',
    title: 'Academic Institutions',
    description: 'Joint studies, shared laboratories and student programs with universities and research centers.',
  },
  {
    id: 'industry',
    title: 'Industry Partners',
    description: 'Co-development and licensing with companies that turn research results into products.',
  },
  {
    id: 'government',
    title: 'Government Agencies',
    description: 'Grant-funded programs and public-health research with national and regional agencies.',
  },
];
