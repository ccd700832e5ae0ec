/** The Spanish services page. */
import type { Catalogue } from '../catalogue';
import { fromPrice } from './shared';

export const services: Catalogue['services'] = {
  head: {
    title: 'Servicios y precios | Meridian Lab',
    description: `Planes mensuales de sitios web a la medida, sistemas de voz con IA, marketing con pauta y un paquete todo en uno, ${fromPrice} al mes, con complementos opcionales.`,
    keywords: ['suscripción de sitio web', 'sistemas de voz con IA', 'gestión de Google Ads', 'precios', 'planes de desarrollo web'],
  },
};
