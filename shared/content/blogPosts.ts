/**
 * The English posts, newest first: one Markdown file each in shared/content/posts,
 * checked and rendered by the build (build/content/generate.ts). Only the post
 * with id 1 is featured. Apart from blog.ts, which every page loads: only the
 * pages that show posts (through their catalogue part) download them.
 */
import type { BlogPost } from './blog';
import { posts } from '../generated/posts';

export const blogPosts: readonly BlogPost[] = posts;
