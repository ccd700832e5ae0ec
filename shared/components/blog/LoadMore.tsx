import type { CategoryValue } from '../../content/blog';
import { localeTags } from '../../lib/locale';
import { countOf } from '../../lib/plural';
import type { BlogEntryState, BlogView } from '../../model/blog';
import { blogHref, postAnchor } from '../../model/blog';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/**
 * "Load More Posts": a link to the next page (?page=2, with the category), so
 * it works without JavaScript and lands on the first new post. With script the
 * navigation adds that page below the ones shown, since the history entry it
 * pushes names the first of them (decision 090). Disabled, with a note, on the
 * last page.
 */
export function LoadMore({ view, category }: { view: BlogView; category: CategoryValue }) {
  const { catalogue, locale, localize } = useLocale();
  const words = catalogue.blog;
  const noteId = 'blog-load-more-note';
  return (
    <div className="blog-load-more">
      {view.nextPage && view.firstOfNextPage ? (
        <Link
          className="button button--secondary blog-load-more__button"
          to={localize(blogHref({ category, page: view.nextPage }, postAnchor(view.firstOfNextPage)))}
          state={{ blogFrom: view.firstPage } satisfies BlogEntryState}
          rel="next"
          aria-describedby={noteId}
        >
          {words.loadMore}
        </Link>
      ) : (
        <button
          type="button"
          className="button button--secondary blog-load-more__button"
          disabled
          aria-describedby={noteId}
        >
          {words.loadMore}
        </button>
      )}
      <p id={noteId} className="blog-load-more__note">
        {view.nextPage
          ? words.morePosts(
              countOf(localeTags[locale].intl, view.total - view.before - view.posts.length, words.moreForms),
            )
          : words.noMorePosts}
      </p>
    </div>
  );
}
