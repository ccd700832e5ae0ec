/** An article from the store as the public pages list it: the blog's BlogPost. */
import type { BlogPost } from '../../shared/content/blog';
import { isKnownImage } from '../../shared/model/images';
import { formatDate } from '../lib/dates';
import { sharePath } from './shareImage';
import type { Article } from './store';

export function toBlogPost(article: Article, readTime: string): BlogPost {
  return {
    id: article.pairId,
    title: article.title,
    excerpt: article.excerpt,
    author: article.author,
    date: article.date,
    category: article.category,
    // A cover the pages cannot show (none, or art a later build dropped) is no cover: the page still renders.
    ...(isKnownImage(article.image)
      ? {
          image: article.image,
          imageAlt: article.imageAlt,
          share: sharePath(article.locale, article.title, article.image),
        }
      : {}),
    // What search results and shares show, when the writer gave it: absent, the head's own defaults.
    ...(article.seoTitle ? { seoTitle: article.seoTitle } : {}),
    ...(article.seoDescription ? { seoDescription: article.seoDescription } : {}),
    featured: article.featured,
    slug: article.slug,
    locale: article.locale,
    dateText: formatDate(article.date, article.locale),
    readTime,
  };
}

/** The blog's order: newest first, then by id, as the build sorts them. */
export function byBlogOrder(a: Pick<BlogPost, 'date' | 'id'>, b: Pick<BlogPost, 'date' | 'id'>): number {
  return b.date.localeCompare(a.date) || a.id - b.id;
}
