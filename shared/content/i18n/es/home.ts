/** The Spanish home page. */
import { translated } from '../../../lib/locale';
import { currency, homeHeroFacts, links, siteFacts, whyChooseIds } from '../../data';
import type { Catalogue } from '../types';
import { cityList, esOffices, fromPrice, quoteTime } from './shared';

export const home: Catalogue['home'] = {
  head: {
    title: 'Meridian Lab | Sitios web a la medida, voz con IA, marketing',
    description: `Laboratorio de desarrollo web en Miami, Bogotá y Nueva York: sitios web a la medida, agentes de voz con IA y marketing digital con pauta ${fromPrice} al mes.`,
    keywords: [
      'desarrollo web',
      'sitios web a la medida',
      'agentes de voz con IA',
      'marketing digital',
      'Miami',
      'Bogotá',
      'Nueva York',
    ],
  },
  hero: {
    ...homeHeroFacts,
    eyebrow: ['Laboratorio de desarrollo web', ...esOffices.map((office) => office.city)].join('\u00a0· '),
    titleLead: 'Transformamos experiencias',
    typedWord: 'digitales',
    intro: `Sitios web a la medida, agentes de voz con IA y marketing con pauta: los diseñamos, construimos y operamos por usted cada mes, ${fromPrice}.`,
    actions: [
      { label: 'Ver nuestros servicios', to: links.services },
      { label: 'Empiece su proyecto', to: links.contact },
    ],
    scrollCue: 'Deslice para explorar',
  },
  about: {
    id: 'about',
    eyebrow: 'Sobre el laboratorio',
    title: `Sobre ${siteFacts.name}`,
    paragraphs: [
      `${siteFacts.name} es un laboratorio de desarrollo web: un equipo pequeño de diseñadores, ingenieros y especialistas en marketing que construye la parte digital de empresas en crecimiento y la mantiene funcionando, mes a mes.`,
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
    title: `Por qué elegir ${siteFacts.name}`,
    intro: 'Lo que nuestros clientes pueden esperar, desde la primera llamada hasta cada mes después del lanzamiento.',
    items: translated(
      whyChooseIds.map((id) => ({ id })),
      (item) => item.id,
      {
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
      },
    ),
  },
  callToAction: {
    id: 'get-started',
    eyebrow: 'Listos cuando usted lo esté',
    title: 'Construyamos lo que sigue para su empresa',
    intro: `Cuéntenos sobre su proyecto y reciba una cotización gratuita en menos de ${quoteTime}.`,
    actions: [
      { label: 'Empiece su proyecto', to: links.contact },
      { label: 'Ver precios', to: links.services },
    ],
  },
};
