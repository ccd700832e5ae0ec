import ArrowRight from 'lucide-react/icons/arrow-right';
import { useContext } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';
import { ArticleHeader } from '../components/article/ArticleHeader';
import { ArticlePager } from '../components/article/ArticlePager';
import { RelatedPosts } from '../components/article/RelatedPosts';
import { RuntimeContext } from '../components/contexts';
import { CtaPanel } from '../components/CtaPanel';
import { JsonLd } from '../components/JsonLd';
import { articleCopy, blogPosts } from '../content/blog';
import { adjacentPosts, findPost, postPath, relatedPosts } from '../lib/articles';
import { buildBlogPostingJsonLd, buildBreadcrumbJsonLd } from '../lib/structuredData';
import NotFound from './NotFound';

/**
 * One blog article. Its body is HTML rendered and sanitized by the build from
 * the post's Markdown, loaded from its own chunk by the route's loader. A slug
 * that names no post shows the not-found page (the server sends it with 404).
 */
export default function Article() {
  const { slug } = useParams();
  const html = useLoaderData<string | null>();
  const { siteUrl } = useContext(RuntimeContext);
  const post = findPost(blogPosts, slug);
  if (!post || html === null) return <NotFound />;

  const path = postPath(post);
  const { older, newer } = adjacentPosts(blogPosts, post);
  const [primary, secondary] = articleCopy.cta.actions;
  return (
    <>
      <article className="article" aria-labelledby="page-title">
        <ArticleHeader post={post} />
        <div className="container article__media">
          {/* The largest paint: fetched first, never lazily. */}
          <img className="article__image" src={post.image} alt="" width={1200} height={750} fetchPriority="high" />
        </div>
        <div className="container article__body">
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
        <ArticlePager older={older} newer={newer} />
      </article>
      <RelatedPosts posts={relatedPosts(blogPosts, post)} />
      <CtaPanel id="article-cta-title" className="article-cta" eyebrow={articleCopy.cta.eyebrow} title={articleCopy.cta.title} text={articleCopy.cta.text}>
        <Link to={primary.to} className="button button--primary">
          {primary.label}
          <ArrowRight size={18} aria-hidden="true" />
        </Link>
        <Link to={secondary.to} className="button button--ghost">
          {secondary.label}
        </Link>
      </CtaPanel>
      <JsonLd data={buildBlogPostingJsonLd(siteUrl, post, path)} />
      <JsonLd
        data={buildBreadcrumbJsonLd(siteUrl, [
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
          { name: post.title, path },
        ])}
      />
    </>
  );
}
