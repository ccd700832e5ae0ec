/** The Spanish words of the frame around every page (header, menu, footer), the not-found page, the page heads, the offices and the plans. */
import type { PlanId } from '../../data';
import { links, planFacts, siteFacts } from '../../data';
import type { HeadText } from '../../heads';
import type { Catalogue, CatalogueCommon } from '../catalogue';
import { emailTime, esOffices, formatPrice, fromPrice, quoteTime, translated } from './shared';

const esPlans = translated(planFacts, (plan) => plan.id, {
  'web-subscription': {
    title: 'Suscripción web',
    description: 'Un sitio web a la medida, diseñado, construido y mantenido por nosotros, con hosting y actualizaciones incluidos.',
    features: [
      'Diseño a la medida y adaptable',
      'Hasta 10 páginas',
      'Hosting y certificado SSL',
      'Actualizaciones de contenido cada mes',
      'Configuración básica de SEO',
      'Formularios de contacto y mapas',
      'Monitoreo de seguridad y copias de respaldo',
      'Soporte técnico por correo',
    ],
  },
  'ai-voice-systems': {
    title: 'Sistemas de voz con IA',
    description: 'Un agente de voz con IA que contesta llamadas, agenda citas y califica prospectos a toda hora.',
    features: [
      'Atención de llamadas con IA 24/7',
      'Voz natural, como la de una persona',
      'Agendamiento de citas',
      'Calificación de prospectos',
      'Transcripciones y resúmenes de llamadas',
      'Integración con su CRM',
      'Atención en inglés y español',
      'Informes de desempeño mensuales',
    ],
  },
  'marketing-ads': {
    title: 'Marketing con pauta',
    description: 'Marketing digital con pauta en Google y redes sociales, gestionado y optimizado para crecer.',
    features: [
      'Gestión de Google Ads',
      'Campañas en Meta e Instagram',
      'Investigación y segmentación de audiencias',
      'Textos y piezas para los anuncios',
      'Optimización de páginas de aterrizaje',
      'Seguimiento de conversiones',
      'Pruebas A/B',
      'Llamada de estrategia e informe cada mes',
    ],
  },
  'all-in-one': {
    title: 'Paquete todo en uno',
    description: 'Sitio web, agente de voz con IA y marketing con pauta juntos, a cargo de un solo equipo dedicado.',
    features: [
      'Todo lo de la Suscripción web',
      'Todo lo de Sistemas de voz con IA',
      'Todo lo de Marketing con pauta',
      'Gerente de cuenta dedicado',
      'Soporte prioritario',
      'Panel de analítica avanzada',
      'Talleres trimestrales de crecimiento',
      'Integraciones a la medida',
    ],
  },
} satisfies Record<PlanId, { title: string; description: string; features: string[] }>).map((plan) => ({ ...plan, priceNote: 'al mes' }));

const mainNav = [
  { label: 'Inicio', to: links.home },
  { label: 'Servicios', to: links.services },
  { label: 'Investigación', to: links.research },
  { label: 'Blog', to: links.blog },
  { label: 'Contacto', to: links.contact },
];

const privacyPolicyLink = { label: 'Política de privacidad', to: links.privacy };

const heads: Record<keyof Catalogue['heads'], HeadText> = {
  Home: {
    title: 'Meridian Lab | Sitios web a la medida, voz con IA, marketing',
    description: `Laboratorio de desarrollo web en Miami, Bogotá y Nueva York: sitios web a la medida, agentes de voz con IA y marketing digital con pauta ${fromPrice} al mes.`,
    keywords: ['desarrollo web', 'sitios web a la medida', 'agentes de voz con IA', 'marketing digital', 'Miami', 'Bogotá', 'Nueva York'],
  },
  Contact: {
    title: 'Contáctenos | Meridian Lab',
    description: `Pida una cotización gratuita o hable con nuestro equipo en Miami, Bogotá o Nueva York. Respondemos correos en ${emailTime} y cotizaciones en ${quoteTime}.`,
    keywords: ['contacto', 'cotización gratuita', 'agencia de desarrollo web', 'Miami', 'Bogotá', 'Nueva York'],
  },
  NotFound: {
    title: 'Página no encontrada | Meridian Lab',
    description:
      'La página que buscaba no existe. Encuentre nuestros servicios, investigación, blog y datos de contacto desde la página de inicio de Meridian Lab.',
    keywords: ['página no encontrada'],
  },
};

export const common: CatalogueCommon = {
  layout: {
    skipLink: 'Ir al contenido',
    homeLabel: `${siteFacts.name}, inicio`,
    mainNavLabel: 'Principal',
    mobileNavLabel: 'Móvil',
    menuButton: 'Menú',
    rights: 'Todos los derechos reservados.',
    ogImageAlt: `${siteFacts.name}: sitios web a la medida, sistemas de voz con IA y marketing digital`,
  },
  notFound: {
    eyebrow: 'Error 404',
    title: 'Página no encontrada',
    text: 'La página que buscaba no existe o cambió de dirección.',
    home: 'Volver al inicio',
    contact: 'Contáctenos',
  },
  heads,
  navigation: {
    mainNav,
    headerCta: { label: 'Empecemos', to: links.contact },
    footerColumns: [
      {
        title: 'Servicios',
        links: [
          { label: 'Desarrollo web', to: links.services },
          { label: 'Sistemas de voz con IA', to: links.services },
          { label: 'Marketing digital', to: links.services },
        ],
      },
      { title: 'Empresa', links: mainNav.slice(2) },
    ],
    legalLinks: [privacyPolicyLink, { label: 'Términos del servicio', to: links.terms }],
    privacyNoticePrompt: 'Lea nuestra',
    privacyPolicyLink,
  },
  site: {
    tagline:
      'Laboratorio de desarrollo web especializado en sitios a la medida, sistemas de voz con IA y soluciones de marketing digital que transforman su presencia en línea.',
    offices: esOffices,
    specialtiesLabel: (city) => `Especialidades de ${city}`,
  },
  plans: { plans: esPlans, formatPrice, priceNote: 'al mes' },
};
