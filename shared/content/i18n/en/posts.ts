/** The English blog posts (rendered by the content step from shared/content/posts) and the categories' English names, in the order the filter row and the sidebar list them. */
import { posts as enPosts } from '../../../generated/posts';
import { publishedPosts } from '../../publishedArticles';
import type { PostsPart } from '../types';

export const posts: PostsPart = {
  // What is published now (the console's articles); the build's list until they load.
  get posts() {
    return publishedPosts('en') ?? enPosts;
  },
  categories: [
    { value: 'all', label: 'All Posts' },
    { value: 'research', label: 'Research' },
    { value: 'technology', label: 'Technology' },
    { value: 'industry', label: 'Industry News' },
    { value: 'tutorials', label: 'Tutorials' },
    { value: 'sustainability', label: 'Sustainability' },
  ],
};
