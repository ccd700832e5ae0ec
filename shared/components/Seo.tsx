import { useContext } from 'react';
import { Helmet } from 'react-helmet-async';
import type { PageRoute } from '../routes';
import { site } from '../content/site';
import { RuntimeContext, absoluteUrl } from '../lib/runtime';

/**
 * The page's own head tags. Exactly one per page (the layout renders it from
 * the matched route), since React 19 hoists these tags without merging them.
 */
export function Seo({ page, path }: { page: PageRoute; path: string }) {
  const { siteUrl } = useContext(RuntimeContext);
  const url = absoluteUrl(siteUrl, path);
  return (
    <Helmet>
      <title>{page.title}</title>
      <meta name="description" content={page.description} />
      <meta name="keywords" content={page.keywords.join(', ')} />
      <meta name="robots" content={page.noindex ? 'noindex, follow' : 'index, follow'} />
      {page.noindex ? null : <link rel="canonical" href={url} />}
      <meta property="og:title" content={page.title} />
      <meta property="og:description" content={page.description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:title" content={page.title} />
      <meta name="twitter:description" content={page.description} />
      <meta property="og:site_name" content={site.name} />
    </Helmet>
  );
}
