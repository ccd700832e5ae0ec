/** The English blog posts and their categories: what the blog and the article pages both show, gathered from shared/content/blog.ts. */
import { blogCategories, blogPosts } from '../../blog';
import type { PostsPart } from '../catalogue';

export const posts: PostsPart = { posts: blogPosts, categories: blogCategories };
