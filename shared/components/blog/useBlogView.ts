import { useLocation } from 'react-router';

import { parseBlogQuery, selectBlogView, shownFrom } from '../../model/blog';
import { useLocale } from '../useLocale';
import { useSearchParams } from '../useSearchParams';

/**
 * What the URL asks the blog to show (?category=, ?page=) and the posts that follows, in the page's language;
 * with the pages "Load More Posts" added in place when the history entry says so (the server has none).
 */
export function useBlogView() {
  const params = useSearchParams();
  const { state } = useLocation();
  const { posts } = useLocale().catalogue.posts;
  const query = { ...parseBlogQuery(params), from: shownFrom(state) };
  return { query, view: selectBlogView(posts, query) };
}
