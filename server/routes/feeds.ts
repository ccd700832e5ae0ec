import { Router } from 'express';
import { Feed } from 'feed';
import { blogIntro } from '../../shared/content/blog';
import { blogPosts } from '../../shared/content/blogPosts';
import { site } from '../../shared/content/site';
import { postPath } from '../../shared/lib/articles';
import { blogFeeds, categoryLabel } from '../../shared/lib/blog';
import { absoluteUrl } from '../../shared/lib/runtime';

/** A post's ISO date as the moment feed readers sort by: midnight UTC of that day. */
const published = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The blog as a feed: every post, newest first, with its excerpt and a link to its article. */
export function blogFeed(siteUrl: string): Feed {
  const [rss, atom] = blogFeeds;
  const feed = new Feed({
    title: `${site.name} blog`,
    description: blogIntro,
    id: absoluteUrl(siteUrl, '/blog'),
    link: absoluteUrl(siteUrl, '/blog'),
    language: 'en',
    image: absoluteUrl(siteUrl, site.ogImage),
    favicon: absoluteUrl(siteUrl, '/favicon.ico'),
    copyright: `© ${site.copyrightYear} ${site.name}`,
    updated: published(blogPosts[0]?.date ?? `${site.copyrightYear}-01-01`),
    feedLinks: { rss: absoluteUrl(siteUrl, rss.path), atom: absoluteUrl(siteUrl, atom.path) },
    generator: false,
  });
  for (const post of blogPosts) {
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
      category: [{ name: categoryLabel(post.category), term: post.category }],
    });
  }
  return feed;
}

/** /blog/rss.xml (RSS 2.0) and /blog/atom.xml (Atom 1.0), made once: the posts change only with a deploy. */
export function feedRoutes(siteUrl: string): Router {
  const router = Router();
  const feed = blogFeed(siteUrl);
  const [rss, atom] = blogFeeds;
  const bodies = { [rss.path]: feed.rss2(), [atom.path]: feed.atom1() };
  for (const { path, type } of blogFeeds) {
    router.get(path, (_req, res) => {
      res.type(type).set('Cache-Control', 'public, max-age=3600').send(bodies[path]);
    });
  }
  return router;
}
