import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import { useContext } from 'react';

import { links } from '../../content/data';
import { loadArticleBody } from '../../model/articleBodies';
import { adjacentPosts, findPost, postPath, relatedPosts } from '../../model/articles';
import { buildBlogPostingJsonLd, buildBreadcrumbJsonLd } from '../../model/structuredData';
import { RuntimeContext } from '../contexts';
import { CtaPanel } from '../CtaPanel';
import { Icon } from '../Icon';
import { JsonLd } from '../JsonLd';
import { Link } from '../Link';
import { ResponsiveImage } from '../ResponsiveImage';
import { StaticBody } from '../StaticBody';
import { useLocale } from '../useLocale';
import { usePage } from '../usePage';
import { ArticleHeader } from './ArticleHeader';
import { ArticlePager } from './ArticlePager';
import { RelatedPosts } from './RelatedPosts';

/** The article's cover: the page's container, at most 1040 px (for an uploaded photo's widths). */
const ARTICLE_IMAGE_SIZES = '(min-width: 1100px) 1040px, calc(100vw - 40px)';

/**
 * An article as it reads: its header, image, body, pager, related posts, call
 * to action and structured data. Nothing in it is interactive, so the page
 * holds it as a static section (its links navigate in place all the same).
 * The page shows it only for a post of the URL's language whose body loaded.
 */
export function ArticleView() {
  const { params, data } = usePage();
  const html = data as string | undefined;
  const { siteUrl } = useContext(RuntimeContext);
  const { catalogue, localize } = useLocale();
  const { posts } = catalogue.posts;
  const copy = catalogue.article;
  const post = findPost(posts, params.slug)!;
  const path = postPath(post);
  const { older, newer } = adjacentPosts(posts, post);
  const [primary, secondary] = copy.cta.actions;
  /** The breadcrumb's names are the main menu's. */
  const navLabel = (to: string) => catalogue.navigation.mainNav.find((item) => item.to === to)?.label ?? to;
  return (
    <>
      {/* Without a cover the text follows the band: a drawn cover over it would say nothing the title does not. */}
      <article className={post.image ? 'article' : 'article article--no-cover'} aria-labelledby="page-title">
        <ArticleHeader post={post} />
        {post.image ? (
          <div className="container article__media">
            {/* The largest paint: fetched first, never lazily. */}
            <ResponsiveImage
              className="article__image"
              src={post.image}
              alt={post.imageAlt}
              sizes={ARTICLE_IMAGE_SIZES}
              priority
            />
          </div>
        ) : null}
        <div className="container article__body">
          <StaticBody html={html} load={() => loadArticleBody(post.locale, post.slug)} />
        </div>
        <ArticlePager older={older} newer={newer} />
      </article>
      <RelatedPosts posts={relatedPosts(posts, post)} />
      <CtaPanel
        id="article-cta-title"
        className="article-cta"
        eyebrow={copy.cta.eyebrow}
        title={copy.cta.title}
        text={copy.cta.text}
      >
        <Link to={localize(primary!.to)} className="button button--primary">
          {primary!.label}
          <Icon icon={ArrowRight} size={18} aria-hidden="true" />
        </Link>
        <Link to={localize(secondary!.to)} className="button button--ghost">
          {secondary!.label}
        </Link>
      </CtaPanel>
      <JsonLd data={buildBlogPostingJsonLd(siteUrl, post, path)} />
      <JsonLd
        data={buildBreadcrumbJsonLd(siteUrl, [
          { name: navLabel(links.home), path: localize(links.home) },
          { name: navLabel(links.blog), path: localize(links.blog) },
          { name: post.title, path },
        ])}
      />
    </>
  );
}
