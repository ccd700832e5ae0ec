import type { BlogPost, CategoryValue, SubscribeOutcome } from '../../content/blog';
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
  return (
    <aside className="blog-sidebar" aria-label="Blog sidebar">
      <CategoryList selected={selected} counts={counts} />
      <RecentPosts posts={recent} />
      <NewsletterBox category={selected} returned={returned} />
    </aside>
  );
}
