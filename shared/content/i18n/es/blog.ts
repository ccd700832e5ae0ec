/** The Spanish blog page. */
import type { Catalogue } from '../catalogue';

export const blog: Catalogue['blog'] = {
  head: {
    title: 'Blog | Meridian Lab',
    description:
      'Ideas sobre desarrollo web, sistemas de voz con IA y marketing digital del equipo de Meridian Lab, con noticias de investigación y tutoriales prácticos.',
    keywords: ['blog', 'desarrollo web', 'tecnología', 'noticias de la industria', 'tutoriales', 'sostenibilidad'],
  },
};
