/**
 * Hands the published articles to the shared pages (decision 052): the route table, the blog, the
 * articles' bodies, the feeds and the sitemap read them from shared/content/publishedArticles.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

import type { RequestHandler } from 'express';

import type { ArticleSource } from '../../shared/content/publishedArticles';
import { setArticleSource, setPublished } from '../../shared/content/publishedArticles';
import type { ArticleContent, PublishedArticles } from './content';

/**
 * The source of the app a request came to. The shared pages hold one source for the process; a process with
 * more than one app (tests) would otherwise read a body from whichever app set it last, closed or not, now that
 * bodies are read from the database when asked for (decision 092).
 */
const requestSource = new AsyncLocalStorage<ArticleSource>();
let latest: ArticleSource | undefined;
const current = () => requestSource.getStore() ?? latest!;
setArticleSource({
  posts: (locale) => current().posts(locale),
  body: (locale, slug) => current().body(locale, slug),
});

/** Serves `content` to the shared pages; the middleware runs a request with this app's articles. */
export function servePublishedArticles(content: ArticleContent): RequestHandler {
  const show = ({ index, posts }: PublishedArticles) => setPublished({ index, posts });
  content.onChange(show);
  const source: ArticleSource = {
    posts: async () => content.current(),
    body: (locale, slug) => content.body(locale, slug),
  };
  latest = source;
  return (_req, _res, next) => requestSource.run(source, next);
}
