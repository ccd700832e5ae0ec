import { useContext } from 'react';
import { Helmet } from 'react-helmet-async';

import { siteFacts } from '../content/data';
import type { PageHead } from '../content/head';
import type { Locale } from '../lib/locale';
import { defaultLocale, locales, localeTags } from '../lib/locale';
import { absoluteUrl } from '../lib/runtime';
import { RuntimeContext } from './contexts';
import { useLocale } from './useLocale';

/**
 * The page's own head tags. Exactly one per page (the root route renders it
 * from the matched route), since React 19 hoists these tags without merging
 * them. The path is the page's URL, for the canonical and Open Graph links;
 * the not-found page has none: it is one page for every unknown URL. `alternates` are a view's own (the
 * blog's ?page=2 in the languages that have it), when they are not the page's.
 */
export function Seo({
  head,
  path,
  alternates: viewAlternates,
}: {
  head: PageHead;
  path?: string;
  alternates?: Partial<Record<Locale, string>>;
}) {
  const { siteUrl } = useContext(RuntimeContext);
  const { locale, alternates: pageAlternates } = useLocale();
  const alternates = viewAlternates ?? pageAlternates;
  const url = path === undefined ? undefined : absoluteUrl(siteUrl, path);
  // Every language the page exists in, itself included, and x-default (the English page) when there is more than one.
  const translations = head.noindex ? [] : locales.filter((other) => alternates[other] !== undefined);
  const hasTranslations = translations.length > 1;
  return (
    <Helmet>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <meta name="keywords" content={head.keywords.join(', ')} />
      <meta name="robots" content={head.noindex ? 'noindex, follow' : 'index, follow'} />
      {head.noindex || !url ? null : <link rel="canonical" href={url} />}
      {hasTranslations
        ? translations.map((other) => (
            <link
              key={other}
              rel="alternate"
              hrefLang={localeTags[other].lang}
              href={absoluteUrl(siteUrl, alternates[other]!)}
            />
          ))
        : null}
      {hasTranslations && alternates[defaultLocale] ? (
        <link rel="alternate" hrefLang="x-default" href={absoluteUrl(siteUrl, alternates[defaultLocale])} />
      ) : null}
      <meta property="og:locale" content={localeTags[locale].ogLocale} />
      {(hasTranslations ? translations : [])
        .filter((other) => other !== locale)
        .map((other) => (
          <meta key={other} property="og:locale:alternate" content={localeTags[other].ogLocale} />
        ))}
      <meta property="og:type" content={head.article ? 'article' : 'website'} />
      {/* Each tag on its own: Helmet reads its direct children only, not fragments. */}
      {head.article ? <meta property="article:published_time" content={head.article.publishedTime} /> : null}
      {head.article ? <meta property="article:author" content={head.article.author} /> : null}
      {head.article ? <meta property="article:section" content={head.article.section} /> : null}
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      <meta property="og:site_name" content={siteFacts.name} />
    </Helmet>
  );
}
