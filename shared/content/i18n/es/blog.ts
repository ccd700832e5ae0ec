/** The Spanish blog page. */
import { countOf } from '../../../lib/plural';
import { CONFIRMATION_DELAY_HOURS, CONFIRMATION_VALID_DAYS } from '../../newsletter';
import type { Catalogue } from '../types';
import { intl } from './shared';

const head: Catalogue['blog']['head'] = {
  title: 'Nuestro blog | Meridian Lab',
  description:
    'Ideas sobre desarrollo web, sistemas de voz con IA y marketing digital del equipo de Meridian Lab, con noticias de investigación y tutoriales prácticos.',
  keywords: ['blog', 'desarrollo web', 'tecnología', 'noticias de la industria', 'tutoriales', 'sostenibilidad'],
};

export const blog: Catalogue['blog'] = {
  head,
  pageHead: (page) => ({
    title: `Nuestro blog, página ${page} | Meridian Lab`,
    description: `Página ${page}. ${head.description}`,
  }),
  hero: {
    eyebrow: 'Blog',
    title: 'Nuestro blog',
    intro:
      'Ideas, tutoriales y novedades de nuestro equipo sobre desarrollo web, sistemas de voz con IA y marketing digital.',
  },
  sidebarLabel: 'Barra lateral del blog',
  filterLabel: 'Categorías del blog',
  featured: 'Destacado',
  categoriesTitle: 'Categorías',
  latestTitle: 'Últimos artículos',
  recentTitle: 'Artículos recientes',
  postForms: { one: 'artículo', other: 'artículos' },
  inCategory: (label) => ` en ${label}`,
  noOtherPosts: (where) => `Aún no hay más artículos${where}`,
  showing: (shown, total, where) => `Mostrando ${shown} de ${total}${where}`,
  previousPage: 'Página anterior',
  loadMore: 'Ver más artículos',
  morePosts: (count) => `${count} por leer`,
  moreForms: { one: 'artículo más', other: 'artículos más' },
  noMorePosts: 'No hay más artículos por cargar',
  emptyCategory: (label) =>
    `El artículo destacado de arriba es lo más reciente que tenemos sobre ${label.toLowerCase()}; pronto publicaremos más sobre el tema.`,
  browseAll: 'Ver todos los artículos',
  newsletter: {
    title: 'Manténgase al día',
    text: 'Los artículos del laboratorio, en su correo, cada uno con, a lo sumo, una nota breve nuestra. Nada más.',
    label: 'Correo electrónico',
    placeholder: 'usted@empresa.com',
    notice:
      'Le enviaremos un enlace para confirmar su suscripción y usaremos su correo solo para enviarle nuestros artículos. Puede cancelar la suscripción en cualquier momento.',
    button: 'Suscribirme',
    sending: 'Suscribiendo…',
    messages: {
      pending: `Revise su correo para confirmar: le enviamos un enlace válido por ${countOf(intl, CONFIRMATION_VALID_DAYS, { one: 'día', other: 'días' })}. Su suscripción queda activa solo cuando lo abra y la confirme.`,
      delayed: `Estamos recibiendo muchas suscripciones, así que su correo de confirmación llegará con retraso: se lo enviaremos dentro de las próximas ${countOf(intl, CONFIRMATION_DELAY_HOURS, { one: 'hora', other: 'horas' })}. Su enlace será válido por ${countOf(intl, CONFIRMATION_VALID_DAYS, { one: 'día', other: 'días' })} desde entonces. Su suscripción queda activa solo cuando lo abra y la confirme.`,
      held: `Gracias. Nuestros correos aún no se están enviando, así que su correo de confirmación llegará más adelante, en cuanto se envíen; su enlace será válido por ${countOf(intl, CONFIRMATION_VALID_DAYS, { one: 'día', other: 'días' })} desde entonces. Su suscripción queda activa solo cuando lo abra y la confirme.`,
      invalid: 'Ese correo no parece válido. Revíselo e inténtelo de nuevo.',
      limited: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
      busy: `Hemos recibido demasiadas suscripciones: no podemos enviarle un correo de confirmación en las próximas ${countOf(intl, CONFIRMATION_DELAY_HOURS, { one: 'hora', other: 'horas' })}. Inténtelo de nuevo más tarde.`,
      unreachable: 'No pudimos comunicarnos con nuestro servidor. Revise su conexión e inténtelo de nuevo.',
    },
  },
};
