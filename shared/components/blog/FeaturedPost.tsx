import Sparkles from 'lucide/dist/esm/icons/sparkles.mjs';

import { postPath } from '../../model/articles';
import { postAnchor } from '../../model/blog';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { useLocale } from '../useLocale';
import { CategoryBadge } from './CategoryBadge';
import { PostCover } from './PostCover';
import { PostMeta } from './PostMeta';
import { useBlogView } from './useBlogView';

/** The featured post's image: half the container on a wide screen (for an uploaded photo's widths). */
const FEATURED_IMAGE_SIZES = '(min-width: 1024px) 600px, 100vw';

/** The featured post, large, above the grid when the view has one; its title links to the article, over the whole card. */
export function FeaturedPost() {
  const { featured } = useLocale().catalogue.blog;
  const post = useBlogView().view.featured;
  if (!post) return null;
  const titleId = `${postAnchor(post)}-title`;
  return (
    <section className="blog-featured" aria-labelledby={titleId}>
      <article id={postAnchor(post)} className="blog-featured__card" tabIndex={-1}>
        <div className="blog-featured__media">
          {/* Often the largest paint on a phone: fetched first, never lazily. */}
          <PostCover className="blog-featured__image" post={post} sizes={FEATURED_IMAGE_SIZES} priority />
        </div>
        <div className="blog-featured__body">
          <div className="blog-featured__tags">
            <span className="blog-featured__flag">
              <Icon icon={Sparkles} aria-hidden="true" size={14} />
              {featured}
            </span>
            <CategoryBadge category={post.category} />
          </div>
          <h2 id={titleId} className="blog-featured__title">
            <Link to={postPath(post)} className="blog-card__link">
              {post.title}
            </Link>
          </h2>
          <p className="blog-featured__excerpt">{post.excerpt}</p>
          <PostMeta post={post} />
        </div>
      </article>
    </section>
  );
}
