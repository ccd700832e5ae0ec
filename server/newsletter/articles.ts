import { publishedPosts } from '../../shared/content/publishedArticles';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { absoluteUrl } from '../../shared/lib/runtime';
import { postPath } from '../../shared/model/articles';
import { catalogues } from '../pages/catalogues';
import type { CampaignContent } from './campaignMail';
import { campaignWords } from './campaignTexts';

/** One language's version of an article, as a campaign quotes it. */
interface ArticleVersion {
  title: string;
  excerpt: string;
  /** The article's path in that language (/blog/<slug>, /es/blog/<slug>). */
  path: string;
  /** Its cover, a path of the site; none without one. */
  image?: string;
}

/** A published article with its versions; a translation shares the English post's id. */
export interface PublishedArticle {
  id: number;
  date: string;
  versions: Partial<Record<Locale, ArticleVersion>>;
}

/**
 * The published articles, newest first: the one place the newsletter reads them from. They are what the
 * site serves now (the staff console's, decision 052), or the seed's before the store has loaded them.
 */
export function publishedArticles(): PublishedArticle[] {
  const byId = new Map<number, PublishedArticle>();
  for (const locale of locales) {
    for (const post of publishedPosts(locale) ?? catalogues[locale].posts.posts) {
      const article = byId.get(post.id) ?? { id: post.id, date: post.date, versions: {} };
      article.versions[locale] = { title: post.title, excerpt: post.excerpt, path: postPath(post), image: post.image };
      byId.set(post.id, article);
    }
  }
  return [...byId.values()].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/** No note: a campaign that is the article alone. */
export const NO_NOTES: Readonly<Record<Locale, string>> = { en: '', es: '' };

/**
 * A campaign's text made from an article (decision 067): its title as the subject, its excerpt as the preview, and
 * the body, the lab's note (checked by campaignNote.ts) above the article's title, excerpt and link, in each
 * language (the English version where it has no translation); undefined when no such article is published.
 */
export function articleCampaign(
  articleId: number,
  siteUrl: string,
  notes: Readonly<Record<Locale, string>> = NO_NOTES,
): Record<Locale, CampaignContent> | undefined {
  const article = publishedArticles().find((candidate) => candidate.id === articleId);
  if (!article) return undefined;
  return Object.fromEntries(
    locales.map((locale) => {
      const version = article.versions[locale] ?? Object.values(article.versions)[0]!;
      const link = absoluteUrl(siteUrl, version.path);
      const note = notes[locale].trim();
      return [
        locale,
        {
          subject: version.title,
          preview: version.excerpt,
          body: `${note ? `${note}\n\n` : ''}## ${version.title}\n\n${version.excerpt}\n\n[${campaignWords[locale].readArticle}](${link})\n`,
        },
      ];
    }),
  ) as Record<Locale, CampaignContent>;
}

/** The languages an article has no version in, whose readers would get the English one (the review warns). */
export function fallbackLocales(articleId: number | null): Locale[] {
  const article = publishedArticles().find((candidate) => candidate.id === articleId);
  return article ? locales.filter((locale) => !article.versions[locale]) : [];
}
