import { parseBlogQuery, selectBlogView } from '../../model/blog';
import { useLocale } from '../useLocale';
import { useSearchParams } from '../useSearchParams';

/** What the URL asks the blog to show (?category=, ?page=) and the posts that follows, in the page's language. */
export function useBlogView() {
  const params = useSearchParams();
  const { posts } = useLocale().catalogue.posts;
  const query = parseBlogQuery(params);
  return { query, view: selectBlogView(posts, query) };
}
