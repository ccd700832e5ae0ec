/** The Spanish services page. */
import { translated } from '../../../lib/locale';
import { addOnFacts } from '../../addOnFacts';
import { currency, links } from '../../data';
import type { Catalogue } from '../types';
import { fromPrice, officeHours, quoteTime } from './shared';

export const services: Catalogue['services'] = {
  head: {
    title: 'Servicios y precios | Meridian Lab',
    description: `Planes mensuales de sitios web a la medida, sistemas de voz con IA, marketing con pauta y un paquete todo en uno, ${fromPrice} al mes.`,
    keywords: [
      'suscripción de sitio web',
      'sistemas de voz con IA',
      'gestión de Google Ads',
      'precios',
      'planes de desarrollo web',
    ],
  },
  hero: {
    eyebrow: 'Servicios y precios',
    title: 'Nuestros servicios',
    intro: `Cuatro planes mensuales para sitios web a la medida, agentes de voz con IA y marketing con pauta, o todo junto. Precios en ${currency}.`,
    compareAction: { label: 'Compare los planes', to: '#plans' },
    contactAction: { label: 'Hable con nuestro equipo', to: links.contact },
  },
  plans: {
    eyebrow: 'Precios',
    title: 'Planes mensuales sencillos',
    intro: `Nuestro equipo diseña, construye y opera cada plan, con soporte incluido. Todos los precios están en dólares canadienses (${currency}).`,
    badges: { featured: 'Mejor relación calidad-precio', popular: 'El más pedido' },
    includedIn: (title) => `Qué incluye el plan ${title}`,
    getStarted: 'Empecemos',
    getStartedWith: (title) => ` con el plan ${title}`,
    note: `Precios en ${currency}, por mes. ¿Necesita algo distinto?`,
    quoteLink: 'Pida una cotización a la medida',
    features: {
      'web-subscription': [
        'Diseño a la medida, adaptable a celulares',
        'Hasta 10 páginas',
        'Hosting y certificado SSL',
        'Actualizaciones de contenido cada mes',
        'Configuración básica de SEO',
        'Formularios de contacto y mapas',
        'Monitoreo de seguridad y copias de respaldo',
        'Soporte técnico por correo',
      ],
      'ai-voice-systems': [
        'Atención de llamadas con IA 24/7',
        'Voz natural, como la de una persona',
        'Agendamiento de citas',
        'Calificación de prospectos',
        'Transcripción y resumen de cada llamada',
        'Integración con su CRM',
        'Atención en inglés y en español',
        'Informe mensual de desempeño',
      ],
      'marketing-ads': [
        'Gestión de Google Ads',
        'Campañas en Meta e Instagram',
        'Investigación y segmentación de audiencias',
        'Textos y piezas para los anuncios',
        'Optimización de páginas de aterrizaje',
        'Medición de conversiones',
        'Pruebas A/B',
        'Reunión de estrategia e informe cada mes',
      ],
      'all-in-one': [
        'Todo lo del plan Suscripción web',
        'Todo lo del plan Sistemas de voz con IA',
        'Todo lo del plan Marketing con pauta',
        'Gerente de cuenta dedicado',
        'Soporte prioritario',
        'Tablero de analítica avanzada',
        'Talleres trimestrales de crecimiento',
        'Integraciones a la medida',
      ],
    },
  },
  addOns: {
    eyebrow: 'Complementos',
    title: 'Complementos opcionales',
    intro: 'Amplíe cualquier plan con los extras que su empresa necesita; se suman a su suscripción mensual.',
    perMonth: 'al mes',
    items: translated(addOnFacts, (addOn) => addOn.id, {
      ecommerce: {
        name: 'Tienda en línea',
        description: 'Una tienda virtual con catálogo de productos, carrito de compras y pagos en línea seguros.',
      },
      analytics: {
        name: 'Analítica avanzada',
        description:
          'Tableros a la medida, seguimiento de objetivos y un informe mensual con lo que revelan sus visitantes.',
      },
      languages: {
        name: 'Idiomas adicionales',
        description: 'Su sitio y su agente de voz en otro idioma, como inglés o francés.',
      },
      'custom-api': {
        name: 'Desarrollo de API a la medida',
        description: 'Integraciones y API hechas para sus sistemas: CRM, herramientas de reservas y datos internos.',
      },
    }),
  },
  process: {
    eyebrow: 'Cómo trabajamos',
    title: 'Nuestro proceso',
    intro: 'Un camino claro desde la primera conversación hasta el lanzamiento, con usted presente en cada paso.',
    steps: [
      {
        title: 'Descubrimiento',
        description: 'Conocemos su negocio, sus clientes y sus metas, y acordamos un plan y un alcance claros.',
      },
      {
        title: 'Diseño',
        description:
          'Definimos la imagen, la estructura y la experiencia de usuario, y las afinamos con sus comentarios.',
      },
      {
        title: 'Desarrollo',
        description:
          'Construimos, integramos y probamos cada parte con tecnología moderna, y le mostramos los avances sobre la marcha.',
      },
      {
        title: 'Lanzamiento',
        description:
          'Salimos al aire, medimos los resultados y seguimos mejorando con mantenimiento y soporte continuos.',
      },
    ],
  },
  technologies: {
    eyebrow: 'Tecnología',
    title: 'Tecnologías que usamos',
    intro:
      'Herramientas modernas y probadas, escogidas por su velocidad, su seguridad y su capacidad de crecer con usted.',
    roles: {
      Frontend: 'Interfaces web',
      Framework: 'Framework de React',
      Language: 'Lenguaje',
      Backend: 'Servidores',
      'Machine learning': 'Aprendizaje automático',
      Cloud: 'Nube',
      Styling: 'Estilos',
      Database: 'Base de datos',
      Containers: 'Contenedores',
    },
  },
  cta: {
    title: '¿Quiere transformar su presencia digital?',
    text: `Cuéntenos sobre su proyecto y reciba una cotización gratuita y sin compromiso en menos de ${quoteTime}.`,
    hours: officeHours,
    quoteAction: 'Pida su cotización gratis',
    callAction: 'Llámenos ahora',
    bookCall: 'O reserve una llamada de presentación de 30 minutos',
  },
};
