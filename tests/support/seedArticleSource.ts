import { renderArticle } from '../../server/articles/markdown';
import { seedArticles } from '../../server/articles/seed';
import { publishedIndex, setArticleSource } from '../../shared/content/publishedArticles';

/**
 * The shared pages' article source as the server sets it on a fresh install, without a database: each
 * seed article's body rendered from its Markdown at run time, as the server's store renders it.
 */
export function serveSeedArticles(): void {
  const bodies = new Map(
    seedArticles.map((article) => {
      const rendered = renderArticle(article.body, article.locale, process.cwd());
      if (!rendered.ok) throw new Error(rendered.error);
      return [`${article.locale}/${article.slug}`, rendered.html] as const;
    }),
  );
  setArticleSource({
    posts: async () => ({ index: publishedIndex(), posts: {} }),
    body: async (locale, slug) => bodies.get(`${locale}/${slug}`) ?? null,
  });
}
