/**
 * The research page's content. As the specification asks, this page speaks of
 * laboratory science while the rest of the site speaks of web development.
 */
import type { HeadText } from './head';
import type { NavItem } from './navigation';
import type { ImpactFigureFacts, PublicationFacts, ResearchAreaFacts } from './researchFacts';
import { impactFigureFacts, partnershipIds, publicationFacts, researchAreaFacts } from './researchFacts';

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

export const researchAreasSection = {
  eyebrow: 'Research areas',
  title: 'Where our science is focused',
  intro: 'Four programs, each at its own stage, from early discovery to clinical validation.',
  statusLabel: 'Status: ',
  focusLabel: 'Focus areas',
  learnMore: 'Learn More',
  learnMoreAbout: (title: string) => ` about ${title}`,
};

export const researchImpact = { eyebrow: 'Impact', title: 'Research that moves the field forward' };

export const researchPublications = {
  eyebrow: 'Publications',
  title: 'Recent publications',
  intro: 'Peer-reviewed work from our teams and partners.',
};

export const researchPartnerships = {
  eyebrow: 'Partnerships',
  title: 'Partnership opportunities',
  intro: 'We work with universities, companies and public agencies to take research from the bench to the world.',
};

export const researchCta = {
  title: 'Let’s advance science together',
  text: 'Have a research question, a dataset or a program in mind? Our teams would like to hear about it.',
  startAction: 'Start Collaboration',
  emailAction: 'Email Research Team',
};

export type ResearchStatus = 'Active Research' | 'Breakthrough Phase' | 'Pilot Studies' | 'Clinical Validation';

export interface ResearchArea extends ResearchAreaFacts {
  title: string;
  description: string;
  /** The four focus items of the area. */
  highlights: readonly string[];
  status: ResearchStatus;
}

export interface ImpactFigure extends ImpactFigureFacts {
  label: string;
}

export interface Partnership {
  id: (typeof partnershipIds)[number];
  title: string;
  description: string;
}

const areaWords: Readonly<Record<ResearchArea['id'], Omit<ResearchArea, keyof ResearchAreaFacts>>> = {
  'drug-discovery': {
    title: 'Drug Discovery & Development',
    description:
      'Computational and laboratory methods that find promising compounds faster and carry them from target to candidate.',
    highlights: ['AI-assisted molecular screening', 'Target identification', 'Lead optimization', 'Preclinical modeling'],
    status: 'Active Research',
  },
  biotechnology: {
    title: 'Biotechnology Innovation',
    description:
      'Engineered biological systems and processes for new therapies, sustainable materials and efficient bioproduction.',
    highlights: ['Gene editing platforms', 'Synthetic biology', 'Protein engineering', 'Bioprocess optimization'],
    status: 'Breakthrough Phase',
  },
  environmental: {
    title: 'Environmental Solutions',
    description:
      'Science-led approaches to cleaner water, healthier soil and lower emissions, tested in real settings with our partners.',
    highlights: ['Water purification', 'Biodegradable materials', 'Carbon capture', 'Soil remediation'],
    status: 'Pilot Studies',
  },
  diagnostics: {
    title: 'Diagnostic Technologies',
    description:
      'Faster, more accessible tests that bring accurate results closer to the patient, from the lab bench to the clinic.',
    highlights: ['Point-of-care testing', 'Biomarker discovery', 'AI-powered imaging analysis', 'Rapid molecular assays'],
    status: 'Clinical Validation',
  },
};

export const researchAreas: readonly ResearchArea[] = researchAreaFacts.map((area) => ({ ...area, ...areaWords[area.id] }));

const impactLabels: Readonly<Record<ImpactFigure['id'], string>> = {
  projects: 'Active Projects',
  publications: 'Publications',
  patents: 'Patents',
  awards: 'Awards',
};

export const impactFigures: readonly ImpactFigure[] = impactFigureFacts.map((figure) => ({ ...figure, label: impactLabels[figure.id] }));

/** The publications keep the language they were published in: only their impact tags have words of each language. */
export const publications = publicationFacts;

export const publicationImpacts: Readonly<Record<PublicationFacts['impact'], string>> = {
  'High Impact': 'High Impact',
  'Featured Article': 'Featured Article',
  'Most Cited': 'Most Cited',
};

const partnershipWords: Readonly<Record<Partnership['id'], Omit<Partnership, 'id'>>> = {
  academic: {
    title: 'Academic Institutions',
    description: 'Joint studies, shared laboratories and student programs with universities and research centers.',
  },
  industry: {
    title: 'Industry Partners',
    description: 'Co-development and licensing with companies that turn research results into products.',
  },
  government: {
    title: 'Government Agencies',
    description: 'Grant-funded programs and public-health research with national and regional agencies.',
  },
};

export const partnerships: readonly Partnership[] = partnershipIds.map((id) => ({ id, ...partnershipWords[id] }));
