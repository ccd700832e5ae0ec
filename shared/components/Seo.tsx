import { useContext } from 'react';
import { Helmet } from 'react-helmet-async';
import { site } from '../content/site';
import { absoluteUrl } from '../lib/runtime';
import { RuntimeContext } from './contexts';

/** What a page says about itself in <head>; the route table gives one per page. */
export interface PageHead {
  title: string;
  description: string;
  keywords: readonly string[];
  /** Kept out of search engines and the sitemap. */
  noindex?: boolean;
  /** An article's Open Graph facts; a page without them is a "website". */
  article?: {
    /** ISO date. */
    publishedTime: string;
    author: string;
    /** Its category's label. */
    section: string;
  };
}

/**
 * The page's own head tags. Exactly one per page (the root route renders it
 * from the matched route), since React 19 hoists these tags without merging
 * them. The path is the page's URL, for the canonical and Open Graph links.
 */
export function Seo({ head, path }: { head: PageHead; path: string }) {
  const { siteUrl } = useContext(RuntimeContext);
  const url = absoluteUrl(siteUrl, path);
  return (
    <Helmet>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <meta name="keywords" content={head.keywords.join(', ')} />
      <meta name="robots" content={head.noindex ? 'noindex, follow' : 'index, follow'} />
      {head.noindex ? null : <link rel="canonical" href={url} />}
      <meta property="og:type" content={head.article ? 'article' : 'website'} />
      {/* Each tag on its own: Helmet reads its direct children only, not fragments. */}
      {head.article ? <meta property="article:published_time" content={head.article.publishedTime} /> : null}
      {head.article ? <meta property="article:author" content={head.article.author} /> : null}
      {head.article ? <meta property="article:section" content={head.article.section} /> : null}
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      <meta property="og:site_name" content={site.name} />
    </Helmet>
  );
}
