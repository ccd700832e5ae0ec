import ArrowLeft from 'lucide/dist/esm/icons/arrow-left.mjs';

import type { BlogPost } from '../../content/blog';
import { blogHref, categoryLabel } from '../../model/blog';
import { PostMeta } from '../blog/PostMeta';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/** The article's dark opening band: the way back, its category (to the filtered blog), the title, excerpt and byline. */
export function ArticleHeader({ post }: { post: BlogPost }) {
  const { catalogue, localize } = useLocale();
  return (
    <header className="page-hero article-hero">
      <div className="container article-hero__inner">
        <Link to={localize(blogHref())} className="article-hero__back">
          <Icon icon={ArrowLeft} size={16} aria-hidden="true" />
          {catalogue.article.back}
        </Link>
        <Link
          to={localize(blogHref({ category: post.category }))}
          className={`blog-badge blog-badge--${post.category} article-hero__category`}
        >
          {categoryLabel(post.category, catalogue.posts.categories)}
        </Link>
        <h1 id="page-title" className="article-hero__title">
          {post.title}
        </h1>
        <p className="article-hero__excerpt">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </header>
  );
}
