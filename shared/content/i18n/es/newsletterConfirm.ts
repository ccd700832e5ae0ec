/** The Spanish page a newsletter confirmation link opens. */
import { CONFIRMATION_VALID_DAYS, NEWSLETTER_ANCHOR } from '../../newsletter';
import type { Catalogue } from '../types';

// Site paths as the content writes them (in English): the page shows them in Spanish where the page exists.
const blogLink = { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Volver al blog' };

export const newsletterConfirm: Catalogue['newsletterConfirm'] = {
  head: {
    title: 'Confirme su suscripción | Meridian Lab',
    description: 'Confirme su suscripción a los artículos nuevos de Meridian Lab: un clic, y no le enviamos nada más.',
    keywords: ['boletín', 'confirmar suscripción'],
  },
  eyebrow: 'Boletín',
  ask: {
    title: 'Confirme su suscripción',
    text: 'Con un clic, le llegarán a su correo los artículos de nuestro laboratorio, cada uno con, a lo sumo, una nota breve nuestra. Nada más.',
    note: '¿No lo pidió usted? Cierre esta página: si no oprime el botón, no se hará ningún cambio.',
    button: 'Confirmar mi suscripción',
  },
  outcomes: {
    confirmed: {
      title: 'Su suscripción quedó confirmada',
      text: '¡Gracias! Nuestro próximo artículo le llegará directo al correo. Cada correo que enviamos incluye un enlace para cancelar la suscripción sin iniciar sesión.',
      link: blogLink,
    },
    invalid: {
      title: 'Este enlace ya no es válido',
      text: `Un enlace de confirmación es válido una sola vez durante ${CONFIRMATION_VALID_DAYS} días. Suscríbase de nuevo desde el blog y le enviaremos otro.`,
      link: { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Suscribirme en el blog' },
    },
  },
  missing: {
    title: 'Confirme su suscripción',
    text: 'Para confirmar su suscripción, abra el enlace de nuestro correo de confirmación.',
    link: blogLink,
  },
};
