/** The English blog posts and their categories: what the blog and the article pages both show. */
import { blogCategories } from '../../blog';
import { blogPosts } from '../../blogPosts';
import type { PostsPart } from '../catalogue';

export const posts: PostsPart = { posts: blogPosts, categories: blogCategories };
