import type { PostCategory } from '../../content/blog';
import { categoryLabel } from '../../model/blog';
import { useLocale } from '../useLocale';

/** The small pill naming a post's category in the page's language; each category has its own tint. */
export function CategoryBadge({ category }: { category: PostCategory }) {
  const { catalogue } = useLocale();
  return (
    <span className={`blog-badge blog-badge--${category}`}>{categoryLabel(category, catalogue.posts.categories)}</span>
  );
}
