/** The Spanish page a newsletter confirmation link opens. */
import type { Catalogue } from '../catalogue';

export const newsletterConfirm: Catalogue['newsletterConfirm'] = {
  head: {
    title: 'Confirme su suscripción | Meridian Lab',
    description: 'Confirme su suscripción a los artículos nuevos de Meridian Lab: un clic, y no le enviamos nada más.',
    keywords: ['boletín', 'confirmar suscripción'],
  },
};
