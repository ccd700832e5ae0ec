/** The Spanish page a newsletter unsubscribe link opens. */
import { siteFacts } from '../../data';
import { NEWSLETTER_ANCHOR } from '../../newsletter';
import type { Catalogue } from '../types';

// A site path as the content writes it (in English): the page shows it in Spanish where the page exists.
const blogLink = { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Volver al blog' };

export const newsletterUnsubscribe: Catalogue['newsletterUnsubscribe'] = {
  head: {
    title: 'Cancelar la suscripción | Meridian Lab',
    description: 'Deje de recibir por correo los artículos nuevos de Meridian Lab, con un solo clic.',
    keywords: ['boletín', 'cancelar suscripción'],
  },
  eyebrow: 'Boletín',
  ask: {
    title: 'Cancele su suscripción a nuestros artículos',
    text: 'Oprima el botón y dejaremos de enviar correos a esta dirección de inmediato.',
    note: '¿Cambió de opinión? Cierre esta página: sin el botón no pasa nada.',
    button: 'Cancelar la suscripción',
  },
  outcomes: {
    unsubscribed: {
      title: 'Canceló su suscripción',
      text: 'No le enviaremos más nuestros artículos. Si cambia de opinión, puede suscribirse de nuevo en el blog cuando quiera.',
      link: blogLink,
    },
    invalid: {
      title: 'Este enlace no funciona',
      text: `El enlace para cancelar la suscripción está incompleto o pertenece a un correo antiguo. Si ya canceló su suscripción, no recibirá más correos nuestros. Si no, copie el enlace completo de nuestro último correo, o escríbanos a ${siteFacts.email} y retiraremos su dirección.`,
      link: blogLink,
    },
  },
  missing: {
    title: 'Cancele su suscripción a nuestros artículos',
    text: `Abra el enlace para cancelar la suscripción que viene en cualquiera de nuestros correos, o escríbanos a ${siteFacts.email} y retiraremos su dirección.`,
    link: blogLink,
  },
};
