import type { BlogCategory, BlogPost } from '../content/blog';
import { siteFacts } from '../content/data';
import type { PageHead } from '../content/head';
import { localePrefix } from '../lib/locale';
import { categoryLabel } from './blog';

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

/** The article's URL in its language: /blog/<slug>, /es/blog/<slug>. Every link to an article is made here. */
export function postPath(post: Pick<BlogPost, 'slug' | 'locale'>): string {
  return `${localePrefix(post.locale)}/blog/${post.slug}`;
}

/** The post a slug names, or undefined. */
export function findPost(posts: readonly BlogPost[], slug: string | undefined): BlogPost | undefined {
  return posts.find((post) => post.slug === slug);
}

/** Text cut at a word to at most `max` characters, with an ellipsis when cut. */
export function truncateAtWord(text: string, max: number = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * An article's head in its language (the categories' names are that language's): its SEO title and description
 * when the writer gave them, else its title and excerpt; and the Open Graph article facts.
 */
export function articleHead(post: BlogPost, categories: readonly BlogCategory[]): PageHead {
  const section = categoryLabel(post.category, categories);
  return {
    title: post.seoTitle || `${post.title} | ${siteFacts.name}`,
    description: post.seoDescription || truncateAtWord(post.excerpt),
    keywords: [section, 'blog', post.author, siteFacts.name],
    article: { publishedTime: post.date, author: post.author, section },
  };
}

/** The articles either side of one in the blog's order (newest first): the older one and the newer one. */
export function adjacentPosts(posts: readonly BlogPost[], post: BlogPost): { older?: BlogPost; newer?: BlogPost } {
  const index = posts.indexOf(post);
  return { older: posts[index + 1], newer: index > 0 ? posts[index - 1] : undefined };
}

/** Further reading: posts of the same category first, then the newest of the rest. */
export function relatedPosts(posts: readonly BlogPost[], post: BlogPost, count = 3): BlogPost[] {
  const others = posts.filter((candidate) => candidate !== post);
  const sameCategory = others.filter((candidate) => candidate.category === post.category);
  return [...sameCategory, ...others.filter((candidate) => candidate.category !== post.category)].slice(0, count);
}

/** What an article's page shows of its language's posts: itself, the ones either side and the related ones. */
export function articlePagePosts(posts: readonly BlogPost[], slug: string | undefined): (BlogPost | undefined)[] {
  const post = findPost(posts, slug);
  if (!post) return [];
  const { older, newer } = adjacentPosts(posts, post);
  return [post, older, newer, ...relatedPosts(posts, post)];
}
