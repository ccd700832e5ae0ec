import type { CategoryValue } from '../../content/blog';
import { localeTags } from '../../lib/locale';
import { countOf } from '../../lib/plural';
import { blogHref } from '../../model/blog';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/** Brings the grid's top into view when it has scrolled away, so a choice made at the bottom shows its result. */
function revealPosts(): void {
  const posts = document.getElementById('blog-posts');
  if (posts && posts.getBoundingClientRect().top < 0) posts.scrollIntoView({ block: 'start' });
}

/** The sidebar's Categories: the same links as the filter row, with counts over every post. */
export function CategoryList({ selected, counts }: { selected: CategoryValue; counts: Record<CategoryValue, number> }) {
  const { catalogue, localize, locale } = useLocale();
  const { categoriesTitle, postForms } = catalogue.blog;
  return (
    <section className="blog-panel" aria-labelledby="blog-categories-title">
      <h2 id="blog-categories-title" className="blog-panel__title">
        {categoriesTitle}
      </h2>
      <ul className="blog-categories">
        {catalogue.posts.categories.map(({ value, label }) => (
          <li key={value}>
            <Link
              to={localize(blogHref({ category: value }))}
              onClick={revealPosts}
              className="blog-categories__link"
              aria-current={value === selected ? 'true' : undefined}
            >
              <span className="blog-categories__label">{label}</span>
              <span className="blog-categories__count" aria-hidden="true">
                {counts[value]}
              </span>
              <span className="visually-hidden">
                {` (${countOf(localeTags[locale].intl, counts[value], postForms)})`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
