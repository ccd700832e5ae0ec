import type { BlogPost } from '../../content/blog';
import { postPath } from '../../model/articles';
import { postAnchor } from '../../model/blog';
import { Link } from '../Link';
import { CategoryBadge } from './CategoryBadge';
import { PostCover } from './PostCover';
import { PostMeta } from './PostMeta';

/** A card's image: a third of the grid on a wide screen, half on a tablet (for an uploaded photo's widths). */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw';

/**
 * One post in the grid: its title links to the article, and the link covers
 * the whole card. Focusable by script, so "Load More" can move focus here.
 */
export function PostCard({ post }: { post: BlogPost }) {
  const titleId = `${postAnchor(post)}-title`;
  return (
    <article id={postAnchor(post)} className="blog-card" aria-labelledby={titleId} tabIndex={-1}>
      <div className="blog-card__media">
        <PostCover className="blog-card__image" post={post} sizes={CARD_IMAGE_SIZES} />
      </div>
      <div className="blog-card__body">
        <CategoryBadge category={post.category} />
        <h3 id={titleId} className="blog-card__title">
          <Link to={postPath(post)} className="blog-card__link">
            {post.title}
          </Link>
        </h3>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}
