/** The Spanish research page. The publications keep their English titles and journals (they were published in English): only their impact tags are named here. */
import { translated } from '../../../lib/locale';
import { links } from '../../data';
import { impactFigureFacts, partnershipIds, researchAreaFacts } from '../../researchFacts';
import type { Catalogue } from '../types';

export const research: Catalogue['research'] = {
  head: {
    title: 'Investigación | Meridian Lab',
    description:
      'Nuestra investigación en descubrimiento de fármacos, biotecnología, soluciones ambientales y tecnologías de diagnóstico: proyectos, publicaciones y alianzas.',
    keywords: [
      'investigación',
      'descubrimiento de fármacos',
      'biotecnología',
      'soluciones ambientales',
      'diagnóstico',
      'publicaciones',
    ],
  },
  hero: {
    eyebrow: 'Investigación',
    title: 'Investigación e innovación',
    intro:
      'Desde el descubrimiento de fármacos hasta las tecnologías de diagnóstico, nuestros equipos de investigación convierten preguntas científicas en soluciones que funcionan.',
    primaryAction: { label: 'Colabore con nosotros', to: links.contact },
    secondaryAction: { label: 'Lea nuestro blog', to: links.blog },
  },
  areas: {
    eyebrow: 'Áreas de investigación',
    title: 'En qué se enfoca nuestra ciencia',
    intro:
      'Cuatro programas, cada uno en su propia etapa, desde el descubrimiento temprano hasta la validación clínica.',
    statusLabel: 'Estado: ',
    focusLabel: 'Líneas de trabajo',
    learnMore: 'Más información',
    learnMoreAbout: (title) => ` sobre ${title}`,
    items: translated(researchAreaFacts, (area) => area.id, {
      'drug-discovery': {
        title: 'Descubrimiento y desarrollo de fármacos',
        description:
          'Métodos computacionales y de laboratorio que encuentran compuestos prometedores más rápido y los llevan del blanco terapéutico al candidato.',
        highlights: [
          'Tamizaje molecular asistido por IA',
          'Identificación de blancos terapéuticos',
          'Optimización de compuestos líder',
          'Modelos preclínicos',
        ],
        status: 'Investigación activa',
      },
      biotechnology: {
        title: 'Innovación en biotecnología',
        description:
          'Sistemas y procesos biológicos diseñados para nuevas terapias, materiales sostenibles y una bioproducción eficiente.',
        highlights: [
          'Plataformas de edición genética',
          'Biología sintética',
          'Ingeniería de proteínas',
          'Optimización de bioprocesos',
        ],
        status: 'Fase de resultados decisivos',
      },
      environmental: {
        title: 'Soluciones ambientales',
        description:
          'Enfoques basados en la ciencia para lograr agua más limpia, suelos más sanos y menos emisiones, probados en condiciones reales con nuestros aliados.',
        highlights: [
          'Purificación de agua',
          'Materiales biodegradables',
          'Captura de carbono',
          'Recuperación de suelos',
        ],
        status: 'Estudios piloto',
      },
      diagnostics: {
        title: 'Tecnologías de diagnóstico',
        description:
          'Pruebas más rápidas y accesibles que acercan resultados precisos al paciente, del laboratorio al consultorio.',
        highlights: [
          'Pruebas en el punto de atención',
          'Descubrimiento de biomarcadores',
          'Análisis de imágenes con IA',
          'Pruebas moleculares rápidas',
        ],
        status: 'Validación clínica',
      },
    }),
  },
  impact: {
    eyebrow: 'Impacto',
    title: 'Investigación que hace avanzar la ciencia',
    figures: translated(impactFigureFacts, (figure) => figure.id, {
      projects: { label: 'Proyectos activos' },
      publications: { label: 'Publicaciones' },
      patents: { label: 'Patentes' },
      awards: { label: 'Premios' },
    }),
  },
  publications: {
    eyebrow: 'Publicaciones',
    title: 'Publicaciones recientes',
    intro: 'Una selección de trabajos de nuestros equipos y aliados.',
    impacts: { 'High Impact': 'Alto impacto', 'Featured Article': 'Artículo destacado', 'Most Cited': 'El más citado' },
  },
  partnerships: {
    eyebrow: 'Alianzas',
    title: 'Oportunidades de alianza',
    intro:
      'Estamos abiertos a trabajar con universidades, empresas y entidades públicas que quieran llevar la investigación del laboratorio al mundo.',
    items: translated(
      partnershipIds.map((id) => ({ id })),
      (partnership) => partnership.id,
      {
        academic: {
          title: 'Instituciones académicas',
          description:
            'Estudios conjuntos, laboratorios compartidos y programas para estudiantes con universidades y centros de investigación.',
        },
        industry: {
          title: 'Aliados de la industria',
          description:
            'Codesarrollo y licenciamiento con empresas que convierten los resultados de la investigación en productos.',
        },
        government: {
          title: 'Entidades públicas',
          description:
            'Programas con financiación pública e investigación en salud pública junto a entidades nacionales y regionales.',
        },
      },
    ),
  },
  cta: {
    title: 'Hagamos avanzar la ciencia juntos',
    text: '¿Tiene en mente una pregunta de investigación, un conjunto de datos o un programa? A nuestros equipos les encantaría conocerlo.',
    startAction: 'Empecemos a colaborar',
    emailAction: 'Escriba al equipo de investigación',
  },
};
