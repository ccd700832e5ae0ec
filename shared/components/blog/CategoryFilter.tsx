import { useEffect, useRef } from 'react';

import type { CategoryValue } from '../../content/blog';
import { blogHref } from '../../model/blog';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/**
 * The filter row: real links to /blog?category=… (/es/blog?category=…), so a filtered view can be
 * shared and works without JavaScript; with it, React Router filters in place.
 */
export function CategoryFilter({ selected }: { selected: CategoryValue }) {
  const { catalogue, localize } = useLocale();
  const listRef = useRef<HTMLUListElement>(null);

  // On a phone the row scrolls sideways: keep the selected pill in sight.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    list.scrollTo({ left: Math.max(0, left) });
  }, [selected]);

  return (
    <nav className="blog-filter" aria-label={catalogue.blog.filterLabel}>
      <ul ref={listRef} className="blog-filter__list">
        {catalogue.posts.categories.map(({ value, label }) => (
          <li key={value}>
            <Link
              to={localize(blogHref({ category: value }))}
              className="blog-filter__pill"
              aria-current={value === selected ? 'true' : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
