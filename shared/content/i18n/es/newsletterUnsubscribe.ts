/** The Spanish page a newsletter unsubscribe link opens. */
import type { Catalogue } from '../catalogue';

export const newsletterUnsubscribe: Catalogue['newsletterUnsubscribe'] = {
  head: {
    title: 'Cancelar la suscripción | Meridian Lab',
    description: 'Deje de recibir por correo los artículos nuevos de Meridian Lab, con un solo clic.',
    keywords: ['boletín', 'cancelar suscripción'],
  },
};
