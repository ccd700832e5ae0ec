import { Link } from 'react-router';
import type { CategoryValue } from '../../content/blog';
import type { BlogView } from '../../lib/blog';
import { blogHref, postAnchor } from '../../lib/blog';

/**
 * "Load More Posts": a link to the next page (?page=2, with the category), so
 * it works without JavaScript and lands on the first new post; disabled, with
 * a note, once every post is shown.
 */
export function LoadMore({ view, category }: { view: BlogView; category: CategoryValue }) {
  const noteId = 'blog-load-more-note';
  return (
    <div className="blog-load-more">
      {view.nextPage && view.firstOfNextPage ? (
        <Link
          className="button button--secondary blog-load-more__button"
          to={blogHref({ category, page: view.nextPage }, postAnchor(view.firstOfNextPage))}
          preventScrollReset
          aria-describedby={noteId}
        >
          Load More Posts
        </Link>
      ) : (
        <button type="button" className="button button--secondary blog-load-more__button" disabled aria-describedby={noteId}>
          Load More Posts
        </button>
      )}
      <p id={noteId} className="blog-load-more__note">
        {view.nextPage
          ? `${view.total - view.posts.length} more ${view.total - view.posts.length === 1 ? 'post' : 'posts'} to read`
          : 'No more posts to load'}
      </p>
    </div>
  );
}
