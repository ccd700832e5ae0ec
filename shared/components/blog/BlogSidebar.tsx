import type { BlogPost, CategoryValue, SubscribeOutcome } from '../../content/blog';
import { useLocale } from '../useLocale';
import { CategoryList } from './CategoryList';
import { NewsletterBox } from './NewsletterBox';
import { RecentPosts } from './RecentPosts';

interface SidebarProps {
  selected: CategoryValue;
  counts: Record<CategoryValue, number>;
  recent: readonly BlogPost[];
  returned: SubscribeOutcome | null;
}

/** Categories, Recent Posts and "Stay Updated", beside the grid on wide screens and below it on phones. */
export function BlogSidebar({ selected, counts, recent, returned }: SidebarProps) {
  const { sidebarLabel } = useLocale().catalogue.blog;
  return (
    <aside className="blog-sidebar" aria-label={sidebarLabel}>
      <CategoryList selected={selected} counts={counts} />
      <RecentPosts posts={recent} />
      <NewsletterBox category={selected} returned={returned} />
    </aside>
  );
}
