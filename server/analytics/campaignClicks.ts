/**
 * Clicks on a newsletter campaign's links (decision 074): the page views that land on the site from a link the
 * campaign e-mail carries (utm_source=newsletter, utm_medium=email, utm_campaign=<campaign>, utm_content=<its
 * language>), counted once per visitor a day in `web.campaign-clicks.<language>`, labelled by campaign and page.
 * A count per link and language, the same for every reader: no link names a person, and no e-mail holds a pixel.
 */
import type { Touch } from '../../shared/lib/attribution';
import type { Locale } from '../../shared/lib/locale';
import { isLocale, localeOf, locales } from '../../shared/lib/locale';
import { routePatternOf } from '../../shared/routes';
import type { Database } from '../db';
import { OTHER_LABEL } from '../db/dailyCounts';
import { ANALYTICS_SERIES } from './visitors';

/** The tags every link of a campaign e-mail carries, beside utm_campaign and utm_content. */
export const NEWSLETTER_TAGS = { source: 'newsletter', medium: 'email' } as const;

export const campaignClickSeries = (locale: Locale) => `${ANALYTICS_SERIES}campaign-clicks.${locale}`;

/** A click the view stands for: its label ("<campaign> <path>") and the e-mail's language; else undefined. */
export function campaignClickOf(
  path: string,
  touch: Pick<Touch, 'source' | 'medium' | 'campaign'> & Partial<Pick<Touch, 'content' | 'landing'>>,
): { label: string; locale: Locale } | undefined {
  if (touch.source !== NEWSLETTER_TAGS.source || touch.medium !== NEWSLETTER_TAGS.medium) return undefined;
  if (!touch.campaign || touch.campaign === OTHER_LABEL) return undefined;
  // The page the link opened (the visit's landing page), and a page of the site: a beacon adds no path.
  if (touch.landing !== path || !routePatternOf(path)) return undefined;
  return { label: `${touch.campaign} ${path}`, locale: isLocale(touch.content) ? touch.content : localeOf(path) };
}

export interface CampaignClicks {
  /** Per page the links opened, most clicked first. */
  links: { path: string; clicks: number }[];
  languages: Record<Locale, number>;
  total: number;
}

/** Every day's clicks on the links of the campaigns whose tag starts with `prefix` (a campaign's own "<id>-"). */
export async function campaignClicks(db: Database, prefix: string): Promise<CampaignClicks> {
  const languages = Object.fromEntries(locales.map((locale) => [locale, 0])) as Record<Locale, number>;
  const byPath = new Map<string, number>();
  let total = 0;
  for (const locale of locales) {
    const rows = await db.all<{ label: string; clicks: number }>(
      'SELECT label, sum(count) AS clicks FROM daily_counts WHERE series = ? AND substr(label, 1, ?) = ? GROUP BY label',
      campaignClickSeries(locale),
      prefix.length,
      prefix,
    );
    for (const { label, clicks } of rows) {
      const path = label.slice(label.indexOf(' ') + 1);
      byPath.set(path, (byPath.get(path) ?? 0) + Number(clicks));
      languages[locale] += Number(clicks);
      total += Number(clicks);
    }
  }
  const links = [...byPath].map(([path, clicks]) => ({ path, clicks }));
  return { links: links.sort((a, b) => b.clicks - a.clicks || a.path.localeCompare(b.path)), languages, total };
}
