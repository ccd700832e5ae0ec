/** The Spanish article page's own words. */
import { links } from '../../data';
import type { Catalogue } from '../types';
import { quoteTime } from './shared';

export const article: Catalogue['article'] = {
  back: 'Volver al blog',
  pagerLabel: 'Más artículos',
  older: 'Artículo anterior',
  newer: 'Artículo siguiente',
  related: 'Artículos relacionados',
  cta: {
    eyebrow: 'Trabaje con nosotros',
    title: '¿Tiene un proyecto en mente?',
    text: `Cuéntenos en qué está trabajando y reciba una cotización gratuita en menos de ${quoteTime}.`,
    actions: [
      { label: 'Empiece su proyecto', to: links.contact },
      { label: 'Lea más artículos', to: links.blog },
    ],
  },
};
