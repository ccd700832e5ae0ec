import ArrowRight from 'lucide-react/icons/arrow-right';
import { useContext } from 'react';
import { Link } from 'react-router';
import { ArticleHeader } from '../components/article/ArticleHeader';
import { ArticlePager } from '../components/article/ArticlePager';
import { RelatedPosts } from '../components/article/RelatedPosts';
import { RuntimeContext } from '../components/contexts';
import { CtaPanel } from '../components/CtaPanel';
import { JsonLd } from '../components/JsonLd';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { StaticBody } from '../components/StaticBody';
import { useLocale } from '../components/useLocale';
import { usePage } from '../components/usePage';
import { links } from '../content/data';
import { loadArticleBody } from '../lib/articleBodies';
import { adjacentPosts, findPost, postBodyChunk, postPath, relatedPosts } from '../lib/articles';
import { heldTextLoader } from '../lib/staticSections';
import { buildBlogPostingJsonLd, buildBreadcrumbJsonLd } from '../lib/structuredData';
import NotFound from './NotFound';

/** The article's body in the URL's language. */
export const loader = heldTextLoader(({ params, locale }) => loadArticleBody(locale, params.slug));

/**
 * One blog article in the page's language. Its body is HTML rendered and
 * sanitized by the build from the post's Markdown, loaded from its own chunk
 * by the route's loader. A slug that names no post in that language shows the
 * not-found page (the server sends it with 404).
 */
export default function Article() {
  const { params, data } = usePage();
  const { slug } = params;
  const html = data as string | null | undefined;
  const { siteUrl } = useContext(RuntimeContext);
  const { catalogue, localize } = useLocale();
  const { posts } = catalogue.posts;
  const copy = catalogue.article;
  const post = findPost(posts, slug);
  if (!post || html === null) return <NotFound />;

  const path = postPath(post);
  const { older, newer } = adjacentPosts(posts, post);
  const [primary, secondary] = copy.cta.actions;
  /** The breadcrumb's names are the main menu's. */
  const navLabel = (to: string) => catalogue.navigation.mainNav.find((item) => item.to === to)?.label ?? to;
  return (
    <>
      <article className="article" aria-labelledby="page-title">
        <ArticleHeader post={post} />
        <div className="container article__media">
          {/* The largest paint: fetched first, never lazily. */}
          <ResponsiveImage className="article__image" src={post.image} priority />
        </div>
        <div className="container article__body">
          <StaticBody html={html} chunk={postBodyChunk(post)} load={() => loadArticleBody(post.locale, post.slug)} />
        </div>
        <ArticlePager older={older} newer={newer} />
      </article>
      <RelatedPosts posts={relatedPosts(posts, post)} />
      <CtaPanel id="article-cta-title" className="article-cta" eyebrow={copy.cta.eyebrow} title={copy.cta.title} text={copy.cta.text}>
        <Link to={localize(primary!.to)} className="button button--primary">
          {primary!.label}
          <ArrowRight size={18} aria-hidden="true" />
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
