import type { CategoryValue } from '../../content/blog';
import type { Catalogue } from '../../content/i18n/types';
import type { Locale } from '../../lib/locale';
import { localeTags } from '../../lib/locale';
import { countOf } from '../../lib/plural';
import type { BlogView } from '../../model/blog';
import { blogHref, categoryLabel } from '../../model/blog';
import { Link } from '../Link';
import { useLocale } from '../useLocale';
import { LoadMore } from './LoadMore';
import { PostCard } from './PostCard';
import { useBlogView } from './useBlogView';

/** The line above the grid: how many posts it shows, of how many, in which category; counts by the language's plural rules. */
export function gridSummary(
  view: BlogView,
  category: CategoryValue,
  catalogue: Pick<Catalogue, 'blog' | 'posts'>,
  locale: Locale,
): string {
  const words = catalogue.blog;
  const where = category === 'all' ? '' : words.inCategory(categoryLabel(category, catalogue.posts.categories));
  if (view.total === 0) return words.noOtherPosts(where);
  const total = countOf(localeTags[locale].intl, view.total, words.postForms);
  if (view.posts.length === view.total) return `${total}${where}`;
  // A page past the first says which posts it shows: "7–12".
  const shown = view.before ? `${view.before + 1}–${view.before + view.posts.length}` : String(view.posts.length);
  return words.showing(shown, total, where);
}

/** The grid of the selected category's posts on the pages shown (the featured one excluded), with "Load More Posts". */
export function PostGrid() {
  const { catalogue, locale, localize } = useLocale();
  const { view, query } = useBlogView();
  const { category } = query;
  const words = catalogue.blog;
  return (
    <section id="blog-posts" className="blog-posts" aria-labelledby="blog-posts-title">
      <div className="blog-posts__header">
        <h2 id="blog-posts-title" className="blog-posts__title">
          {words.latestTitle}
        </h2>
        {/* Read out when a filter changes the grid in place. */}
        <p className="blog-posts__summary" aria-live="polite">
          {gridSummary(view, category, catalogue, locale)}
        </p>
      </div>
      {view.previousPage ? (
        // Without script, and on a page opened by its URL: the way to the newer posts of the page before.
        <Link
          to={localize(blogHref({ category, page: view.previousPage }, 'blog-posts'))}
          rel="prev"
          className="button button--secondary blog-posts__previous"
        >
          {words.previousPage}
        </Link>
      ) : null}
      {view.posts.length > 0 ? (
        <ul className="blog-posts__grid">
          {view.posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="blog-posts__empty">
          <p>{words.emptyCategory(categoryLabel(category, catalogue.posts.categories))}</p>
          <Link to={localize(blogHref())} className="button button--secondary">
            {words.browseAll}
          </Link>
        </div>
      )}
      <LoadMore view={view} category={category} />
    </section>
  );
}
