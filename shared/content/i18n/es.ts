/**
 * The Spanish catalogue (Colombian Spanish, "usted" as a business writes to
 * its clients). Same keys as en.ts; the data (prices, addresses, links, ids)
 * comes from the English modules and only the words are written here.
 */
import type { Failure } from '../../lib/contactForm';
import { FIELD_LIMITS } from '../../lib/contactForm';
import { localeTags } from '../../lib/locale';
import { countOf } from '../../lib/plural';
import { departments, faq, fieldCopy, serviceOptions } from '../contact';
import type { HeadText } from '../heads';
import { homeHero, homeWhyChoose } from '../home';
import type { NavItem } from '../navigation';
import { footerColumns, mainNav } from '../navigation';
import type { Plan } from '../plans';
import { currency, lowestPrice, plans } from '../plans';
import type { Office } from '../site';
import { offices, site } from '../site';
import type { Catalogue } from './catalogue';

const intl = localeTags.es.intl;

/** Whole Canadian dollars as Colombia writes amounts ("$ 1.000"); the pages add "CAD" beside it. */
const priceFormat = new Intl.NumberFormat(intl, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
const formatPrice = (price: number) => priceFormat.format(price);
const fromPrice = `desde ${formatPrice(lowestPrice)} ${currency}`;

/** The English items with their words replaced, matched by a key; a missing translation fails loudly. */
function translated<T, K extends string>(items: readonly T[], keyOf: (item: T) => K, words: Record<K, Partial<T>>): T[] {
  return items.map((item) => {
    const key = keyOf(item);
    if (!(key in words)) throw new Error(`Missing Spanish text for "${key}"`);
    return { ...item, ...words[key] };
  });
}

const cityNames: Record<Office['city'], string> = { Miami: 'Miami', Bogota: 'Bogotá', 'New York': 'Nueva York' };
const cityList = 'Miami, Bogotá y Nueva York';

const esOffices = translated(offices, (office) => office.city, {
  Miami: { name: 'Sede principal en Miami', specialties: ['Desarrollo web', 'Sistemas de voz con IA', 'Éxito del cliente'] },
  Bogota: { name: 'Estudio en Bogotá', specialties: ['Diseño y UX', 'Ingeniería', 'Mercados latinoamericanos'] },
  'New York': { name: 'Oficina en Nueva York', specialties: ['Marketing digital', 'Estrategia de pauta', 'Alianzas empresariales'] },
}).map((office) => ({ ...office, city: cityNames[office.city] }));

const esPlans = translated(plans, (plan) => plan.id, {
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
} satisfies Record<Plan['id'], Partial<Plan>>);

const nav = (items: readonly NavItem[]) =>
  translated(items, (item) => item.label, {
    Home: { label: 'Inicio' },
    Services: { label: 'Servicios' },
    Research: { label: 'Investigación' },
    Blog: { label: 'Blog' },
    Contact: { label: 'Contacto' },
    'Web Development': { label: 'Desarrollo web' },
    'AI Voice Systems': { label: 'Sistemas de voz con IA' },
    'Digital Marketing': { label: 'Marketing digital' },
  } as Record<string, Partial<NavItem>>);

/** site.responseTimes in Spanish: the hours are read from it, never copied. */
const hours = (time: string) => countOf(intl, Number.parseInt(time, 10), { one: 'hora', other: 'horas' });
const emailTime = hours(site.responseTimes.email);
const quoteTime = hours(site.responseTimes.quote);
const responsePromise = `Respondemos los correos en menos de ${emailTime} y las solicitudes de cotización en menos de ${quoteTime}.`;
const emailUs = `escríbanos a ${site.email}`;

function failureMessage(failure: Failure): string {
  switch (failure.kind) {
    case 'invalid':
      return 'Su mensaje no se envió: revise los campos marcados y vuelva a enviarlo.';
    case 'tooLarge':
      return `Su mensaje no se envió porque es demasiado largo. Acórtelo a ${countOf(intl, FIELD_LIMITS.message, { one: 'carácter', other: 'caracteres' })} o menos e inténtelo de nuevo, o ${emailUs}.`;
    case 'rateLimited':
      return `Su mensaje no se envió porque desde su conexión se enviaron varios en poco tiempo. Inténtelo de nuevo en ${countOf(intl, failure.retryAfterSeconds ?? 60, { one: 'segundo', other: 'segundos' })}, o ${emailUs}.`;
    case 'rejected':
      return `Su mensaje no se envió: nuestro servidor no pudo aceptarlo. Revíselo e inténtelo de nuevo, o ${emailUs}.`;
    case 'server':
      return `Su mensaje no se envió por un problema de nuestra parte. Inténtelo de nuevo en unos minutos, o ${emailUs}.`;
    case 'network':
      return `Su mensaje no se envió: no pudimos comunicarnos con nuestro servidor. Revise su conexión e inténtelo de nuevo, o ${emailUs}.`;
    case 'timeout':
      return `Su mensaje no se envió: nuestro servidor tardó demasiado en responder. Inténtelo de nuevo, o ${emailUs}.`;
  }
}

const characters = (count: number) => countOf(intl, count, { one: 'carácter', other: 'caracteres' });

const heads: Record<keyof Catalogue['heads'], HeadText> = {
  Home: {
    title: 'Meridian Lab | Sitios web a la medida, voz con IA y marketing',
    description: `Laboratorio de desarrollo web en Miami, Bogotá y Nueva York: sitios web a la medida, agentes de voz con IA y marketing digital con pauta ${fromPrice} al mes.`,
    keywords: ['desarrollo web', 'sitios web a la medida', 'agentes de voz con IA', 'marketing digital', 'Miami', 'Bogotá', 'Nueva York'],
  },
  Contact: {
    title: 'Contáctenos | Meridian Lab',
    description: `Pida una cotización gratuita o hable con nuestro equipo en Miami, Bogotá o Nueva York. ${responsePromise}`,
    keywords: ['contacto', 'cotización gratuita', 'agencia de desarrollo web', 'Miami', 'Bogotá', 'Nueva York'],
  },
  NotFound: {
    title: 'Página no encontrada | Meridian Lab',
    description:
      'La página que buscaba no existe. Encuentre nuestros servicios, investigación, blog y datos de contacto desde la página de inicio de Meridian Lab.',
    keywords: ['página no encontrada'],
  },
};

export const es: Catalogue = {
  layout: {
    skipLink: 'Ir al contenido',
    homeLabel: `${site.name}, inicio`,
    mainNavLabel: 'Principal',
    mobileNavLabel: 'Móvil',
    menuButton: 'Menú',
    rights: 'Todos los derechos reservados.',
    ogImageAlt: `${site.name}: sitios web a la medida, sistemas de voz con IA y marketing digital`,
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
    mainNav: nav(mainNav),
    headerCta: { label: 'Empecemos', to: '/contact' },
    footerColumns: footerColumns.map((column, index) => ({ title: ['Servicios', 'Empresa'][index] ?? column.title, links: nav(column.links) })),
    legalLinks: [
      { label: 'Política de privacidad', to: '/privacy' },
      { label: 'Términos del servicio', to: '/terms' },
    ],
    privacyNoticePrompt: 'Lea nuestra',
    privacyPolicyLink: { label: 'Política de privacidad', to: '/privacy' },
  },
  site: {
    tagline:
      'Laboratorio de desarrollo web especializado en sitios a la medida, sistemas de voz con IA y soluciones de marketing digital que transforman su presencia en línea.',
    offices: esOffices,
    specialtiesLabel: (city) => `Especialidades de ${city}`,
  },
  plans: { plans: esPlans, formatPrice, priceNote: 'al mes' },
  home: {
    hero: {
      ...homeHero,
      eyebrow: ['Laboratorio de desarrollo web', ...esOffices.map((office) => office.city)].join('\u00a0· '),
      titleLead: 'Transformamos experiencias',
      typedWord: 'digitales',
      intro: `Sitios web a la medida, agentes de voz con IA y marketing con pauta: los diseñamos, construimos y operamos por usted cada mes, ${fromPrice}.`,
      actions: [
        { label: 'Ver nuestros servicios', to: '/services' },
        { label: 'Empiece su proyecto', to: '/contact' },
      ],
      scrollCue: 'Deslice para explorar',
    },
    about: {
      id: 'about',
      eyebrow: 'Sobre el laboratorio',
      title: `Sobre ${site.name}`,
      paragraphs: [
        `${site.name} es un laboratorio de desarrollo web: un equipo pequeño de diseñadores, ingenieros y especialistas en marketing que construye la parte digital de empresas en crecimiento y la mantiene funcionando, mes a mes.`,
        'Trabajamos como debe trabajar un laboratorio. Probamos la tecnología nueva temprano, medimos lo que hace por nuestros clientes y nos quedamos solo con lo que hace sus sitios más rápidos, sus teléfonos mejor atendidos y su pauta más rentable.',
      ],
      officesTitle: 'Tres oficinas, un solo equipo',
    },
    services: {
      id: 'services',
      eyebrow: 'Planes y precios',
      title: 'Nuestros servicios',
      intro: 'Cuatro planes mensuales con diseño, hosting, actualizaciones y soporte incluidos. Escoja uno o combínelos.',
      cardLink: 'Vea qué incluye',
      priceNote: `Todos los precios en dólares canadienses (${currency}), con cobro mensual.`,
    },
    whyChoose: {
      id: 'why-choose',
      eyebrow: 'Por qué nosotros',
      title: `Por qué elegir ${site.name}`,
      intro: 'Lo que nuestros clientes pueden esperar, desde la primera llamada hasta cada mes después del lanzamiento.',
      items: translated(homeWhyChoose.items, (item) => item.id, {
        technology: {
          title: 'Tecnología de punta',
          text: 'Frameworks modernos, agentes de voz con IA y hosting en la nube rápido, escogidos por su velocidad, su seguridad y los resultados que traen.',
        },
        presence: {
          title: 'Presencia internacional',
          text: `Equipos en ${cityList} atienden clientes en Norteamérica y Suramérica, en inglés y en español.`,
        },
        delivery: {
          title: 'Entrega rápida',
          text: 'La mayoría de los sitios salen al aire en 2 a 4 semanas, con un plan claro y avances que usted ve cada semana.',
        },
        pricing: {
          title: 'Precios transparentes',
          text: `Planes mensuales fijos ${fromPrice}, con mantenimiento, actualizaciones y soporte incluidos. Sin sorpresas.`,
        },
      }),
    },
    callToAction: {
      id: 'get-started',
      eyebrow: 'Listos cuando usted lo esté',
      title: 'Construyamos lo que sigue para su empresa',
      intro: `Cuéntenos sobre su proyecto y reciba una cotización gratuita en menos de ${quoteTime}.`,
      actions: [
        { label: 'Empiece su proyecto', to: '/contact' },
        { label: 'Ver precios', to: '/services' },
      ],
    },
  },
  contact: {
    hero: {
      eyebrow: 'Contacto',
      title: 'Hablemos',
      intro: `Cuéntenos sobre su proyecto y reciba una cotización gratuita. ${responsePromise}`,
    },
    sections: {
      detailsTitle: 'Hable con el equipo indicado',
      promisesTitle: 'Tiempos de respuesta',
      officesEyebrow: 'Nuestras oficinas',
      officesTitle: 'Tres ciudades, un solo equipo',
      officesIntro: 'Visítenos en Miami, Bogotá o Nueva York, o reúnase con nosotros por videollamada desde donde esté.',
      specialties: 'Especialidades',
      faqEyebrow: 'Preguntas frecuentes',
      faqTitle: 'Preguntas frecuentes',
    },
    form: {
      title: 'Envíenos un mensaje',
      intro: 'Cuéntenos qué está construyendo. Le responderemos con los siguientes pasos y, si quiere, una cotización gratuita.',
      requiredNote: 'Los campos marcados con * son obligatorios.',
      submit: 'Enviar mensaje',
      sending: 'Enviando mensaje...',
      success: `¡Gracias por su mensaje! Le responderemos en menos de ${quoteTime}.`,
      privacy: 'Usamos sus datos solo para responder su mensaje.',
      honeypot: 'Deje este campo vacío',
      notStored: 'No pudimos guardar su mensaje. Inténtelo de nuevo más tarde.',
    },
    failureMessage,
    fieldCopy: {
      name: { ...fieldCopy.name, label: 'Nombre completo', placeholder: 'María Gómez' },
      email: { ...fieldCopy.email, label: 'Correo electrónico', placeholder: 'maria@empresa.com' },
      company: { ...fieldCopy.company, label: 'Empresa u organización', placeholder: 'Su empresa' },
      phone: { ...fieldCopy.phone, label: 'Teléfono', placeholder: '+57 300 123 4567' },
      service: { ...fieldCopy.service, label: 'Servicio de interés' },
      message: { ...fieldCopy.message, label: 'Mensaje', placeholder: 'Cuéntenos sobre su proyecto, sus metas y sus tiempos…' },
    },
    fieldErrors: {
      notText: 'Escriba este dato como texto.',
      tooLong: {
        name: `Acorte su nombre a ${characters(FIELD_LIMITS.name)} o menos.`,
        email: `Acorte su correo electrónico a ${characters(FIELD_LIMITS.email)} o menos.`,
        company: `Acorte el nombre de la empresa a ${characters(FIELD_LIMITS.company)} o menos.`,
        phone: `Acorte el teléfono a ${characters(FIELD_LIMITS.phone)} o menos.`,
        service: 'Escoja un servicio de la lista.',
        message: `Acorte su mensaje a ${characters(FIELD_LIMITS.message)} o menos.`,
      },
      missing: {
        name: 'Escriba su nombre completo.',
        email: 'Escriba su correo electrónico.',
        message: 'Escriba un mensaje.',
      },
      invalidEmail: 'Escriba un correo electrónico válido, por ejemplo nombre@empresa.com.',
      unknownService: 'Escoja un servicio de la lista.',
    },
    serviceOptions: translated(serviceOptions, (option) => option.value, {
      'web-subscription': { label: 'Suscripción web' },
      'ai-voice-systems': { label: 'Sistemas de voz con IA' },
      'marketing-ads': { label: 'Marketing con pauta' },
      'all-in-one': { label: 'Paquete todo en uno' },
      'custom-project': { label: 'Proyecto a la medida' },
      consultation: { label: 'Asesoría' },
      other: { label: 'Otro' },
    }),
    servicePlaceholder: 'Seleccione un servicio',
    departments: translated(departments, (department) => department.id, {
      general: { name: 'Consultas generales', note: 'Preguntas sobre el laboratorio, nuestros planes o cómo trabajar con nosotros.' },
      development: { name: 'Desarrollo web', note: 'Preguntas técnicas, alcance de proyectos y soporte para sitios en producción.' },
      sales: { name: 'Ventas y marketing', note: 'Cotizaciones, paquetes, campañas de pauta y alianzas.' },
    }),
    responsePromises: [
      { channel: 'Consultas por correo', time: `En menos de ${emailTime}` },
      { channel: 'Solicitudes de cotización', time: `En menos de ${quoteTime}` },
      { channel: 'Soporte de emergencia', time: '24/7' },
    ],
    hours: { label: 'Horario de atención', value: 'Lun-Vie 9:00 a. m. - 6:00 p. m. (hora del Este, EE. UU.)' },
    faq: translated(faq, (item) => item.question, {
      'How long does it take to build a website?': {
        question: '¿Cuánto se demoran en construir un sitio web?',
        answer:
          'La mayoría de los sitios quedan listos en 2 a 4 semanas, según el número de páginas, las funciones que necesite y qué tan rápido lleguen el contenido y sus comentarios. Acordamos el cronograma en la llamada inicial.',
      },
      'Do you provide ongoing support after launch?': {
        question: '¿Ofrecen soporte después del lanzamiento?',
        answer:
          'Sí. Todos los planes de suscripción incluyen mantenimiento, actualizaciones y soporte técnico continuos, para que su sitio siga rápido, seguro y al día mientras trabaje con nosotros.',
      },
      'Can I combine services or change my plan later?': {
        question: '¿Puedo combinar servicios o cambiar de plan más adelante?',
        answer:
          'Sí. Los planes son mensuales, así que puede sumar servicios, pasarse al Paquete todo en uno o agregar extras como comercio electrónico o más idiomas a medida que su empresa crece.',
      },
      'Do you work with clients outside Miami, Bogota and New York?': {
        question: '¿Trabajan con clientes fuera de Miami, Bogotá y Nueva York?',
        answer:
          'Sí. Trabajamos con empresas de toda Norteamérica y Suramérica, en inglés y en español. La mayoría de los proyectos son totalmente remotos, con videollamadas en cada etapa.',
      },
    }),
  },
};
