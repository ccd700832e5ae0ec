/** The Spanish words of the frame around every page (header, menu, footer), the not-found page (its head too), the offices and the plans. */
import { translated } from '../../../lib/locale';
import type { PlanId } from '../../data';
import { links, planFacts, siteFacts } from '../../data';
import type { CatalogueCommon } from '../types';
import { esOffices, formatPrice } from './shared';

const esPlans = translated(planFacts, (plan) => plan.id, {
  'web-subscription': {
    title: 'Suscripción web',
    description:
      'Un sitio web a la medida, diseñado, construido y mantenido por nosotros, con hosting y actualizaciones incluidos.',
  },
  'ai-voice-systems': {
    title: 'Sistemas de voz con IA',
    description: 'Un agente de voz con IA que contesta llamadas, agenda citas y califica prospectos a toda hora.',
  },
  'marketing-ads': {
    title: 'Marketing con pauta',
    description: 'Marketing digital con pauta en Google y redes sociales, gestionado y optimizado para crecer.',
  },
  'all-in-one': {
    title: 'Paquete todo en uno',
    description: 'Sitio web, agente de voz con IA y marketing con pauta juntos, a cargo de un solo equipo dedicado.',
  },
} satisfies Record<PlanId, { title: string; description: string }>).map((plan) => ({ ...plan, priceNote: 'al mes' }));

const areaNames: Record<(typeof siteFacts.areaServed)[number], string> = {
  Miami: 'Miami',
  Bogota: 'Bogotá',
  'New York': 'Nueva York',
  'North America': 'Norteamérica',
  'South America': 'Suramérica',
};

const mainNav = [
  { label: 'Inicio', to: links.home },
  { label: 'Servicios', to: links.services },
  { label: 'Investigación', to: links.research },
  { label: 'Blog', to: links.blog },
  { label: 'Contacto', to: links.contact },
];

const privacyPolicyLink = { label: 'Política de privacidad', to: links.privacy };

export const common: CatalogueCommon = {
  layout: {
    skipLink: 'Ir al contenido',
    homeLabel: `${siteFacts.name}, inicio`,
    mainNavLabel: 'Principal',
    mobileNavLabel: 'Móvil',
    menuButton: 'Menú',
    rights: 'Todos los derechos reservados.',
    ogImageAlt: `${siteFacts.name}: sitios web a la medida, sistemas de voz con IA y marketing digital`,
    feedTitle: `Blog de ${siteFacts.name}`,
  },
  notFound: {
    eyebrow: 'Error 404',
    title: 'Página no encontrada',
    text: 'La página que buscaba no existe o cambió de dirección.',
    home: 'Volver al inicio',
    contact: 'Contáctenos',
    head: {
      title: 'Página no encontrada | Meridian Lab',
      description:
        'La página que buscaba no existe. Encuentre nuestros servicios, investigación, blog y datos de contacto desde la página de inicio de Meridian Lab.',
      keywords: ['página no encontrada'],
    },
  },
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
    areaServed: siteFacts.areaServed.map((area) => areaNames[area]),
    placeholderPhone: 'número de ejemplo, aún sin servicio',
  },
  plans: { plans: esPlans, formatPrice, priceNote: 'al mes' },
};
