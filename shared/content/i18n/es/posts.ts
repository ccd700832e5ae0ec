/** The Spanish blog posts (rendered by the content step from shared/content/posts/es) and the categories' Spanish names. */
import { posts as esPosts } from '../../../generated/posts.es';
import type { CategoryValue } from '../../blog';
import { publishedPosts } from '../../publishedArticles';
import type { PostsPart } from '../types';

/** In the order of the English list; the type asks for every category. */
const labels: Record<CategoryValue, string> = {
  all: 'Todos',
  research: 'Investigación',
  technology: 'Tecnología',
  industry: 'Noticias del sector',
  tutorials: 'Tutoriales',
  sustainability: 'Sostenibilidad',
};

export const posts: PostsPart = {
  // What is published now (the console's articles); the build's list until they load.
  get posts() {
    return publishedPosts('es') ?? esPosts;
  },
  categories: Object.entries(labels).map(([value, label]) => ({ value: value as CategoryValue, label })),
};
