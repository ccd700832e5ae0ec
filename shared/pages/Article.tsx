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
 * One blog article in the page's language. Its body is HTML rendered and
 * sanitized by the build from the post's Markdown, loaded from its own chunk
 * by the route's loader. A slug that names no post in that language shows the
 * not-found page (the server sends it with 404).
 */
export default function Article() {
  const { params, data } = usePage();
  const { posts } = useLocale().catalogue.posts;
  if (!findPost(posts, params.slug) || data === null) return <NotFound />;
  return <ArticleView />;
}
