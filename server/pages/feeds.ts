import { Router } from 'express';
import { Feed } from 'feed';

import { siteFacts } from '../../shared/content/data';
import { type Locale, localePrefix, locales, localeTags } from '../../shared/lib/locale';
import { absoluteUrl } from '../../shared/lib/runtime';
import { postPath } from '../../shared/model/articles';
import { blogFeeds, categoryLabel } from '../../shared/model/blog';
import { catalogues } from './catalogues';

/** A post's ISO date as the moment feed readers sort by: midnight UTC of that day. */
const published = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/**
 * Articles a feed carries: the newest, as readers poll a feed for what is new and the whole blog would make
 * each poll grow with it (decision 083).
 */
export const FEED_ARTICLES = 50;

/** A language's blog as a feed: its latest posts, newest first, with their excerpts and links to their articles. */
function blogFeed(siteUrl: string, locale: Locale, [rss, atom]: ReturnType<typeof blogFeeds>): Feed {
  const { layout, blog, posts } = catalogues[locale];
  const blogUrl = absoluteUrl(siteUrl, `${localePrefix(locale)}/blog`);
  const feed = new Feed({
    title: layout.feedTitle,
    description: blog.hero.intro,
    id: blogUrl,
    link: blogUrl,
    language: localeTags[locale].lang,
    image: absoluteUrl(siteUrl, siteFacts.ogImage),
    favicon: absoluteUrl(siteUrl, '/favicon.ico'),
    copyright: `© ${siteFacts.copyrightYear} ${siteFacts.name}`,
    updated: published(posts.posts[0]?.date ?? `${siteFacts.copyrightYear}-01-01`),
    feedLinks: { rss: absoluteUrl(siteUrl, rss.path), atom: absoluteUrl(siteUrl, atom.path) },
    generator: false,
  });
  for (const post of posts.posts.slice(0, FEED_ARTICLES)) {
    const url = absoluteUrl(siteUrl, postPath(post));
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      date: published(post.date),
      published: published(post.date),
      description: post.excerpt,
      author: [{ name: post.author }],
      // Atom requires the term; RSS shows the name.
      category: [{ name: categoryLabel(post.category, posts.categories), term: post.category }],
    });
  }
  return feed;
}

/**
 * Each language's /…/blog/rss.xml (RSS 2.0) and /…/blog/atom.xml (Atom 1.0), made again only when the
 * language's published posts change (decision 052).
 */
export function feedRoutes(siteUrl: string): Router {
  const router = Router();
  for (const locale of locales) {
    const [rss, atom] = blogFeeds(locale, catalogues[locale].layout.feedTitle);
    let made: { posts: unknown; rss: string; atom: string } | undefined;
    const current = () => {
      const { posts } = catalogues[locale].posts;
      if (made?.posts !== posts) {
        const feed = blogFeed(siteUrl, locale, [rss, atom]);
        made = { posts, rss: feed.rss2(), atom: feed.atom1() };
      }
      return made;
    };
    for (const [{ path, type }, body] of [
      [rss, () => current().rss],
      [atom, () => current().atom],
    ] as const) {
      router.get(path, (_req, res) => {
        // Revalidated on each use: a publish changes it at once.
        res.type(type).set('Cache-Control', 'no-cache').send(body());
      });
    }
  }
  return router;
}
