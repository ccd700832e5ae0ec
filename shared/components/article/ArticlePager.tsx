import ArrowLeft from 'lucide/dist/esm/icons/arrow-left.mjs';
import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';

import type { BlogPost } from '../../content/blog';
import { postPath } from '../../model/articles';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/** The older and the newer article, either side of this one in the blog's order. */
export function ArticlePager({ older, newer }: { older?: BlogPost | undefined; newer?: BlogPost | undefined }) {
  const { article: articleCopy } = useLocale().catalogue;
  if (!older && !newer) return null;
  return (
    <nav className="container article-pager" aria-label={articleCopy.pagerLabel}>
      {older ? (
        <Link to={postPath(older)} className="article-pager__link article-pager__link--older" rel="prev">
          <span className="article-pager__label">
            <Icon icon={ArrowLeft} size={16} aria-hidden="true" />
            {articleCopy.older}
          </span>
          <span className="article-pager__title">{older.title}</span>
        </Link>
      ) : null}
      {newer ? (
        <Link to={postPath(newer)} className="article-pager__link article-pager__link--newer" rel="next">
          <span className="article-pager__label">
            {articleCopy.newer}
            <Icon icon={ArrowRight} size={16} aria-hidden="true" />
          </span>
          <span className="article-pager__title">{newer.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
