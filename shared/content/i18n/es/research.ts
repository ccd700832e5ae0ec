/** The Spanish research page. */
import type { Catalogue } from '../catalogue';

export const research: Catalogue['research'] = {
  head: {
    title: 'Investigación | Meridian Lab',
    description:
      'Nuestra investigación en descubrimiento de fármacos, biotecnología, soluciones ambientales y tecnologías de diagnóstico: proyectos, publicaciones y alianzas.',
    keywords: ['investigación', 'descubrimiento de fármacos', 'biotecnología', 'soluciones ambientales', 'diagnóstico', 'publicaciones'],
  },
};
