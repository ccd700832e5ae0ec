import type { PostCategory } from '../../content/blog';
import { categoryLabel } from '../../lib/blog';

/** The small pill naming a post's category; each category has its own tint. */
export function CategoryBadge({ category }: { category: PostCategory }) {
  return <span className={`blog-badge blog-badge--${category}`}>{categoryLabel(category)}</span>;
}
