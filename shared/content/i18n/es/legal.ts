/** The Spanish legal pages: their heads from the Markdown's front matter (shared/content/legal/es) and the words around them. */
import { legalDocuments } from '../../../generated/legal.es';
import type { Catalogue } from '../types';

export const legal: Catalogue['legal'] = {
  eyebrow: 'Legal',
  updated: 'Última actualización:',
  notPublished: '(pendiente de publicación)',
  keywords: {
    privacy: [
      'política de privacidad',
      'datos personales',
      'Ley 1581 de 2012',
      'conservación de datos',
      'sus derechos',
    ],
    terms: [
      'términos del servicio',
      'condiciones de uso',
      'precios en CAD',
      'propiedad intelectual',
      'responsabilidad',
    ],
  },
  documents: legalDocuments,
};
