import type { ClickEvent, Touch } from '../../shared/lib/attribution';
import { sourceOf } from '../../shared/lib/attribution';
import type { Locale } from '../../shared/lib/locale';
import type { Database, Queryable } from '../db';
import type { CountKey } from '../db/dailyCounts';
import { addCount, OTHER_LABEL } from '../db/dailyCounts';
import { clientKey } from '../http/rateLimit';
import { isArticlePath } from './articles';
import { campaignClickOf, campaignClickSeries } from './campaignClicks';
import { dayOf } from './days';
import type { DailyVisitors, VisitorClient } from './visitors';
import { ANALYTICS_SERIES } from './visitors';

/**
 * The distinct values a dimension counts a day (decision 046); the tail becomes "(other)". Real traffic has a
 * few dozen referrers and campaigns a day; a flood of forged ones adds at most this many rows per series.
 */
export const DAILY_LABEL_CAP = 200;

/**
 * The new labels of the day one client (an address, an IPv6 /56) may add over every series (decision 065);
 * past them its new labels count as "(other)". A real visit brings at most five (its referrer, three UTM
 * values, its source): forged beacons from a few addresses cannot push the day's real labels past the cap.
 */
export const NEW_LABELS_PER_CLIENT = 10;

/** What a page view is counted by, besides the page: the visit's first touch. */
export const VIEW_DIMENSIONS = ['referrer', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];

/** Conversions: a lead, a newsletter sign-up and its confirmation (counted by the server), a call or e-mail link click. */
export const CONVERSIONS = ['lead', 'signup', 'confirmed', 'call', 'email'] as const;
export type Conversion = (typeof CONVERSIONS)[number];

/** A "(none)" stands for a dimension the visit did not have (no campaign, say); "(direct)" for no source at all. */
export const NONE_LABEL = '(none)';

/**
 * The series names (decision 046): a page view counts in `views.<dimension>.<language>`, a visitor's first view
 * of the day in `visitors.site`, all after the prefix `web.`,, of a page in `visitors.page`, by source in `visitors.source`; a conversion in
 * `conversions.<kind>` by source, and a lead also in `conversions.service` by service.
 */
export const series = {
  views: (dimension: 'page' | ViewDimension, locale: Locale) => `${ANALYTICS_SERIES}views.${dimension}.${locale}`,
  visitors: (of: 'site' | 'page' | 'source', locale: Locale) => `${ANALYTICS_SERIES}visitors.${of}.${locale}`,
  conversions: (kind: Conversion | 'service', locale: Locale) => `${ANALYTICS_SERIES}conversions.${kind}.${locale}`,
  /** A published article's views by its own path, and by its path and the visit's source ("<path> <source>"). */
  articles: (of: 'views' | 'sources', locale: Locale) => `${ANALYTICS_SERIES}articles.${of}.${locale}`,
};

export interface PageView {
  /** The page's route pattern, or "(other)". */
  page: string;
  /** Its path: counted only as a published article's and as the page a campaign's link opened (campaignClicks.ts). */
  path?: string;
  locale: Locale;
  device: string;
  touch: Pick<Touch, 'source' | 'medium' | 'campaign' | 'referrer'> & Partial<Pick<Touch, 'content' | 'landing'>>;
}

export interface AnalyticsStore {
  /** Counts a page view, and its visitor once a day overall, per page and by source. */
  addView(view: PageView, client: VisitorClient, at?: Date): Promise<void>;
  /** Counts a conversion under its source (and a lead under its service too). */
  addConversion(kind: Conversion, conversion: Converted, at?: Date): Promise<void>;
  /** Counts a call or e-mail click under its source once per visitor a day: a second click is no second conversion. */
  addClick(kind: ClickEvent, conversion: Converted, client: VisitorClient, at?: Date): Promise<void>;
}

interface Converted {
  locale: Locale;
  device: string;
  source: string;
  service?: string;
}

/** Whether the day's series has the label already, may take it as a new one under the cap, or is full. */
async function labelState(
  tx: Queryable,
  { day, series: name, label }: Pick<CountKey, 'day' | 'series' | 'label'>,
  cap: number,
): Promise<'known' | 'new' | 'full'> {
  const known = await tx.get(
    'SELECT 1 AS known FROM daily_counts WHERE day = ? AND series = ? AND label = ?',
    day,
    name,
    label,
  );
  if (known) return 'known';
  const labels = await tx.get<{ n: number }>(
    'SELECT count(DISTINCT label) AS n FROM daily_counts WHERE day = ? AND series = ? AND label <> ?',
    day,
    name,
    OTHER_LABEL,
  );
  return Number(labels?.n ?? 0) < cap ? 'new' : 'full';
}

/** Page views and conversions as per-day counts in daily_counts: no row per visit, nothing that names a visitor. */
export function createAnalyticsStore(db: Database, visitors: DailyVisitors, cap = DAILY_LABEL_CAP): AnalyticsStore {
  /**
   * Takes one of the client's new labels of the day: a row per label taken, keyed by the day's key, so the
   * rows say nothing of who took them; false once all are taken (or past the day's cap of hashes).
   */
  const newLabelFor = async (tx: Queryable, day: string, client: VisitorClient) => {
    const key = clientKey(client.address);
    for (let slot = 0; slot < NEW_LABELS_PER_CLIENT; slot++)
      if (await visitors.firstSeen(tx, day, await visitors.clientHash(key, day, 'new-label', String(slot))))
        return true;
    return false;
  };
  /**
   * The label a count takes: its own while it is known, or new under the cap and, for what a visitor's beacon
   * brings (`client`), within the client's new labels of the day; else "(other)".
   */
  const labelFor = async (tx: Queryable, key: CountKey, client?: VisitorClient) => {
    const state = await labelState(tx, key, cap);
    const admitted = state === 'known' || (state === 'new' && (!client || (await newLabelFor(tx, key.day, client))));
    return admitted ? key.label : OTHER_LABEL;
  };
  /**
   * Adds one to each count. Every label is settled (and the client's new labels taken) before the first count is
   * written: on PostgreSQL each transaction then locks the rows of daily_counts last, in the same order, and
   * concurrent beacons of one client never wait on each other in a circle.
   */
  const countAll = async (tx: Queryable, counts: { key: CountKey; client?: VisitorClient }[]) => {
    const labels: string[] = [];
    for (const { key, client } of counts) labels.push(await labelFor(tx, key, client));
    for (const [i, { key }] of counts.entries()) await addCount(tx, { ...key, label: labels[i]! }, 1);
  };
  const converted = (
    tx: Queryable,
    day: string,
    kind: Conversion,
    { locale, device, source, service }: Converted,
    client?: VisitorClient,
  ) =>
    countAll(tx, [
      { key: { day, series: series.conversions(kind, locale), label: source, device }, client },
      ...(service === undefined
        ? []
        : [{ key: { day, series: series.conversions('service', locale), label: service || NONE_LABEL, device } }]),
    ]);

  return {
    async addView({ page, path, locale, device, touch }, client, at = new Date()) {
      const day = dayOf(at);
      const visitor = await visitors.visitorOf(client, day);
      const source = sourceOf(touch);
      const values: Record<ViewDimension, string> = {
        referrer: touch.referrer || NONE_LABEL,
        utm_source: touch.source || NONE_LABEL,
        utm_medium: touch.medium || NONE_LABEL,
        utm_campaign: touch.campaign || NONE_LABEL,
      };
      await db.transaction(async (tx) => {
        // The visitor's keyed hashes for the site and the page: a second view is no second unique, and the
        // day's rows cannot be joined into one visitor's trail of pages.
        const firstOfDay = await visitors.firstSeen(tx, day, visitor('site'));
        const firstOfPage = await visitors.firstSeen(tx, day, visitor('page', page));
        const counts: { key: CountKey; client?: VisitorClient }[] = [
          // Pages are route patterns: a beacon cannot add one.
          { key: { day, series: series.views('page', locale), label: page, device } },
          ...VIEW_DIMENSIONS.map((dimension) => ({
            key: { day, series: series.views(dimension, locale), label: values[dimension], device },
            client,
          })),
        ];
        if (firstOfDay)
          counts.push(
            { key: { day, series: series.visitors('site', locale), label: '', device } },
            { key: { day, series: series.visitors('source', locale), label: source, device }, client },
          );
        if (firstOfPage) counts.push({ key: { day, series: series.visitors('page', locale), label: page, device } });
        // An article is counted under its own path as well (decision 078): its route pattern is every article's.
        if (path !== undefined && isArticlePath(path))
          counts.push(
            { key: { day, series: series.articles('views', locale), label: path, device } },
            { key: { day, series: series.articles('sources', locale), label: `${path} ${source}`, device }, client },
          );
        // A campaign link's click: once per visitor a day, however often they come back through it.
        const click = path === undefined ? undefined : campaignClickOf(path, touch);
        if (click && (await visitors.firstSeen(tx, day, visitor('click', `campaign ${click.label}`))))
          counts.push({ key: { day, series: campaignClickSeries(click.locale), label: click.label, device }, client });
        await countAll(tx, counts);
      });
    },
    async addConversion(kind, conversion, at = new Date()) {
      const day = dayOf(at);
      await db.transaction((tx) => converted(tx, day, kind, conversion));
    },
    async addClick(kind, conversion, client, at = new Date()) {
      const day = dayOf(at);
      const visitor = await visitors.visitorOf(client, day);
      await db.transaction(async (tx) => {
        // The visitor's keyed hash for the click, as with a page: the rows name no visitor's clicks.
        if (await visitors.firstSeen(tx, day, visitor('click', kind)))
          await converted(tx, day, kind, conversion, client);
      });
    },
  };
}
