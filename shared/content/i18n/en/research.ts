/**
 * The English research page. As the specification asks, this page speaks of
 * laboratory science while the rest of the site speaks of web development.
 * The publications keep the language they were published in (researchFacts.ts): only their impact tags are named here.
 */
import { translated } from '../../../lib/locale';
import { links } from '../../data';
import type { HeadText } from '../../head';
import { impactFigureFacts, partnershipIds, researchAreaFacts } from '../../researchFacts';

export const research = {
  head: {
    title: 'Research | Meridian Lab',
    description:
      'Our research in drug discovery, biotechnology, environmental solutions and diagnostic technologies: projects, publications and partnerships.',
    keywords: ['research', 'drug discovery', 'biotechnology', 'environmental solutions', 'diagnostics', 'publications'],
  } satisfies HeadText,
  /** The page's opening: one h1, the intro and two actions. */
  hero: {
    eyebrow: 'Research',
    title: 'Research & Innovation',
    intro:
      'From drug discovery to diagnostic technologies, our research teams turn scientific questions into working solutions.',
    primaryAction: { label: 'Collaborate With Us', to: links.contact },
    secondaryAction: { label: 'Read Our Blog', to: links.blog },
  },
  areas: {
    eyebrow: 'Research areas',
    title: 'Where our science is focused',
    intro: 'Four programs, each at its own stage, from early discovery to clinical validation.',
    statusLabel: 'Status: ',
    focusLabel: 'Focus areas',
    learnMore: 'Learn More',
    learnMoreAbout: (title: string) => ` about ${title}`,
    items: translated(researchAreaFacts, (area) => area.id, {
      'drug-discovery': {
        title: 'Drug Discovery & Development',
        description:
          'Computational and laboratory methods that find promising compounds faster and carry them from target to candidate.',
        /** The four focus items of the area. */
        highlights: [
          'AI-assisted molecular screening',
          'Target identification',
          'Lead optimization',
          'Preclinical modeling',
        ],
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
        highlights: [
          'Point-of-care testing',
          'Biomarker discovery',
          'AI-powered imaging analysis',
          'Rapid molecular assays',
        ],
        status: 'Clinical Validation',
      },
    }),
  },
  impact: {
    eyebrow: 'Impact',
    title: 'Research that moves the field forward',
    figures: translated(impactFigureFacts, (figure) => figure.id, {
      projects: { label: 'Active Projects' },
      publications: { label: 'Publications' },
      patents: { label: 'Patents' },
      awards: { label: 'Awards' },
    }),
  },
  publications: {
    eyebrow: 'Publications',
    title: 'Recent publications',
    intro: 'A selection of papers from our teams and partners.',
    impacts: { 'High Impact': 'High Impact', 'Featured Article': 'Featured Article', 'Most Cited': 'Most Cited' },
  },
  partnerships: {
    eyebrow: 'Partnerships',
    title: 'Partnership opportunities',
    intro:
      'We are open to universities, companies and public agencies that want to take research from the bench to the world.',
    items: translated(
      partnershipIds.map((id) => ({ id })),
      (partnership) => partnership.id,
      {
        academic: {
          title: 'Academic Institutions',
          description:
            'Joint studies, shared laboratories and student programs with universities and research centers.',
        },
        industry: {
          title: 'Industry Partners',
          description: 'Co-development and licensing with companies that turn research results into products.',
        },
        government: {
          title: 'Government Agencies',
          description: 'Grant-funded programs and public-health research with national and regional agencies.',
        },
      },
    ),
  },
  cta: {
    title: 'Let’s advance science together',
    text: 'Have a research question, a dataset or a program in mind? Our teams would like to hear about it.',
    startAction: 'Start Collaboration',
    emailAction: 'Email Research Team',
  },
};
