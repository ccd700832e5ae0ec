/** The blog page's head; apart from blog.ts, which the route table (and so every page) loads. */
import type { HeadText } from './head';

export const blogHead: HeadText = {
  title: 'Blog | Meridian Lab',
  description:
    'Insights on web development, AI voice systems and digital marketing from the Meridian Lab team, with research news and hands-on tutorials.',
  keywords: ['blog', 'web development', 'technology', 'industry news', 'tutorials', 'sustainability'],
};
