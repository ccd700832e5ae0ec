/** The blog in no language: its categories' values, its posts' shape, its page sizes and the sign-up's outcomes (each language's words are in its catalogue). */
import type { Locale } from '../lib/locale';

export const categoryValues = ['all', 'research', 'technology', 'industry', 'tutorials', 'sustainability'] as const;
export type CategoryValue = (typeof categoryValues)[number];
/** A category a post can belong to: every value but the "all" filter. */
export type PostCategory = Exclude<CategoryValue, 'all'>;

export interface BlogCategory {
  value: CategoryValue;
  label: string;
}

export interface BlogPost {
  id: number;
  /** The article's URL is /blog/<slug> (/es/blog/<slug> in Spanish): the Markdown file's name, so it stays when a title is edited. */
  slug: string;
  /** The language it is written in; a translation keeps the English post's id and facts. */
  locale: Locale;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** The date as its language writes it ("March 15, 2024"), by the build. */
  dateText: string;
  category: PostCategory;
  /** Computed from the article's words by the build, such as "5 min read". */
  readTime: string;
  /**
   * Its cover: a site path the build or an upload knows, so the lab can swap our artwork for photos. None when
   * the article has no cover, or names one the site no longer has: the pages then draw the blog's own cover.
   */
  image?: string;
  /** What the cover shows, in the article's language: its alt text, og:image:alt and the image's caption. */
  imageAlt?: string;
  /** Its social card (1200 × 630, the title drawn on its cover): og:image and the structured data's image. */
  share?: string;
  /** Its whole <title>, og:title and twitter:title, when the writer gave one; else its title and the site's name. */
  seoTitle?: string;
  /** Its meta description, og:description and twitter:description, when given; else its excerpt. */
  seoDescription?: string;
  featured: boolean;
}

/** What the route table knows of a post in every language: no words, its slug in each language (its alternates). */
export interface PostFacts extends Pick<BlogPost, 'id' | 'date' | 'category' | 'featured'> {
  /** Its slug in each language it is written in. */
  slugs: Partial<Record<Locale, string>>;
}

/** The grid shows this many posts at a time; "Load More Posts" reveals the next page. */
export const POSTS_PER_PAGE = 6;
/** The sidebar's Recent Posts list. */
export const RECENT_POSTS_COUNT = 5;

/**
 * What a newsletter sign-up can come to; the no-JavaScript redirect carries it as ?subscribe=.
 * A good address is "pending" until its owner opens the confirmation link, whether or
 * not it was already on the list: the answer never tells who is. "delayed" is pending with
 * its e-mail put off to a later hour, "busy" a sign-up whose e-mail cannot go within a day
 * (decision 060): both say only how busy the site and the visitor's own network are. "held" is
 * pending while the lab's identity settings are missing: no newsletter e-mail goes out until they are
 * given (decision 061), so the answer says the link will come later, for every address alike.
 */
export const subscribeOutcomes = ['pending', 'delayed', 'held', 'invalid', 'limited', 'busy', 'unreachable'] as const;
export type SubscribeOutcome = (typeof subscribeOutcomes)[number];
