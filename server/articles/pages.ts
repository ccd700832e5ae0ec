/**
 * Hands the published articles to the shared pages (decision 052): the route table, the blog, the
 * articles' bodies, the feeds and the sitemap read them from shared/content/publishedArticles.ts.
 */
import { setArticleSource, setPublished } from '../../shared/content/publishedArticles';
import type { ArticleContent, PublishedArticles } from './content';

export function servePublishedArticles(content: ArticleContent): void {
  const show = ({ index, posts }: PublishedArticles) => setPublished({ index, posts });
  content.onChange(show);
  setArticleSource({
    posts: async () => content.current(),
    body: (locale, slug) => content.body(locale, slug),
  });
}
