/**
 * The tags on a campaign e-mail's links to the site (decision 074): the same for every reader of a language, so
 * a visit it brings is counted under the campaign and the e-mail's language, and a lead after it shows the
 * campaign; nothing in a link names its reader.
 */
import type { Locale } from '../../shared/lib/locale';
import { NEWSLETTER_TAGS } from '../analytics/campaignClicks';

/** What a campaign's links say: its tag and the e-mail's language. */
export interface CampaignTags {
  campaign: string;
  locale: Locale;
}

/** A link to the site with the campaign's tags; any other link as it is. */
export function taggedUrl(url: string, siteUrl: string, tags: CampaignTags): string {
  if (!URL.canParse(url) || new URL(url).origin !== new URL(siteUrl).origin) return url;
  const tagged = new URL(url);
  tagged.searchParams.set('utm_source', NEWSLETTER_TAGS.source);
  tagged.searchParams.set('utm_medium', NEWSLETTER_TAGS.medium);
  tagged.searchParams.set('utm_campaign', tags.campaign);
  tagged.searchParams.set('utm_content', tags.locale);
  return tagged.href;
}

/** The Markdown with every inline link to the site tagged (a campaign's body writes its links inline). */
export const tagMarkdownLinks = (markdown: string, siteUrl: string, tags: CampaignTags): string =>
  markdown.replace(/\]\(([^)\s]+)\)/g, (_link, url: string) => `](${taggedUrl(url, siteUrl, tags)})`);
