import { Link } from 'react-router';
import type { CategoryValue } from '../../content/blog';
import type { BlogView } from '../../lib/blog';
import { blogHref, categoryLabel } from '../../lib/blog';
import { LoadMore } from './LoadMore';
import { PostCard } from './PostCard';

function summary(view: BlogView, category: CategoryValue): string {
  const where = category === 'all' ? '' : ` in ${categoryLabel(category)}`;
  if (view.total === 0) return `No other posts${where} yet`;
  const noun = view.total === 1 ? 'post' : 'posts';
  return view.posts.length < view.total
    ? `Showing ${view.posts.length} of ${view.total} ${noun}${where}`
    : `${view.total} ${noun}${where}`;
}

/** The grid of the selected category's posts (the featured one excluded), with "Load More Posts". */
export function PostGrid({ view, category }: { view: BlogView; category: CategoryValue }) {
  return (
    <section id="blog-posts" className="blog-posts" aria-labelledby="blog-posts-title">
      <div className="blog-posts__header">
        <h2 id="blog-posts-title" className="blog-posts__title">
          Latest Articles
        </h2>
        {/* Read out when a filter changes the grid in place. */}
        <p className="blog-posts__summary" aria-live="polite">
          {summary(view, category)}
        </p>
      </div>
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
          <p>
            The featured article above is our latest on {categoryLabel(category).toLowerCase()}; more posts on this
            topic are on their way.
          </p>
          <Link to={blogHref()} preventScrollReset className="button button--secondary">
            Browse all posts
          </Link>
        </div>
      )}
      <LoadMore view={view} category={category} />
    </section>
  );
}
