import { staticSection } from '../components/StaticSection';
import { useLocale } from '../components/useLocale';
import { usePage } from '../components/usePage';
import { heldTextLoader } from '../lib/staticSections';
import { loadArticleBody } from '../model/articleBodies';
import { findPost } from '../model/articles';
import NotFound from './NotFound';

/** The article's body in the URL's language. */
export const loader = heldTextLoader(({ params, locale }) => loadArticleBody(locale, params.slug));

// The whole article is static: its code loads only when a navigation shows it (see StaticSection).
const ArticleView = staticSection(
  'ArticleView',
  async () => (await import('../components/article/ArticleView')).ArticleView,
);
export const sections = [ArticleView];

/**
 * One blog article in the page's language. Its body is HTML the server renders
 * from the article's Markdown in its database, then sanitizes (decisions 052
 * and 053). The route's loader reads it from the server's published articles
 * where the server renders the page, and from the server's JSON
 * (/api/articles/<lang>/<slug>.json) on a navigation in the browser; a first
 * visit's hydration keeps the server's HTML and fetches nothing. A slug that
 * names no post in that language shows the not-found page (the server sends
 * it with 404).
 */
export default function Article() {
  const { params, data } = usePage();
  const { posts } = useLocale().catalogue.posts;
  if (!findPost(posts, params.slug) || data === null) return <NotFound />;
  return <ArticleView />;
}
