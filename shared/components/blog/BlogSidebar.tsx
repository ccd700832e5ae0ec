import type { ReactNode } from 'react';

import type { CategoryValue, SubscribeOutcome } from '../../content/blog';
import { useLocale } from '../useLocale';
import { CategoryList } from './CategoryList';
import { NewsletterBox } from './NewsletterBox';

interface SidebarProps {
  selected: CategoryValue;
  counts: Record<CategoryValue, number>;
  /** Recent Posts: a static section of the page. */
  recent: ReactNode;
  returned: SubscribeOutcome | null;
}

/** Categories, Recent Posts and "Stay Updated", beside the grid on wide screens and below it on phones. */
export function BlogSidebar({ selected, counts, recent, returned }: SidebarProps) {
  const { sidebarLabel } = useLocale().catalogue.blog;
  return (
    <aside className="blog-sidebar" aria-label={sidebarLabel}>
      <CategoryList selected={selected} counts={counts} />
      {recent}
      <NewsletterBox category={selected} returned={returned} />
    </aside>
  );
}
