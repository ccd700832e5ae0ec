import type { ClickEvent, Touch } from '../../shared/lib/attribution';
import { sourceOf } from '../../shared/lib/attribution';
import type { Locale } from '../../shared/lib/locale';
import type { Database, Queryable } from '../db';
import type { CountKey } from '../db/dailyCounts';
import { addCount, OTHER_LABEL } from '../db/dailyCounts';
import { saltedHash } from '../db/salt';
import type { DailyVisitors, VisitorClient } from './visitors';
import { ANALYTICS_SERIES } from './visitors';
import { dayOf } from './visitors';

/**
 * The distinct values a dimension counts a day (decision 046); the tail becomes "(other)". Real traffic has a
 * few dozen referrers and campaigns a day; a flood of forged ones adds at most this many rows per series.
 */
export const DAILY_LABEL_CAP = 200;

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
};

export interface PageView {
  /** The page's route pattern, or "(other)". */
  page: string;
  locale: Locale;
  device: string;
  touch: Pick<Touch, 'source' | 'medium' | 'campaign' | 'referrer'>;
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

/** A label the day's series already has, or a new one under the cap; else "(other)". */
async function cappedLabel(
  tx: Queryable,
  { day, series: name, label }: Pick<CountKey, 'day' | 'series' | 'label'>,
  cap: number,
): Promise<string> {
  const known = await tx.get(
    'SELECT 1 AS known FROM daily_counts WHERE day = ? AND series = ? AND label = ?',
    day,
    name,
    label,
  );
  if (known) return label;
  const labels = await tx.get<{ n: number }>(
    'SELECT count(DISTINCT label) AS n FROM daily_counts WHERE day = ? AND series = ?',
    day,
    name,
  );
  return Number(labels?.n ?? 0) < cap ? label : OTHER_LABEL;
}

/** Page views and conversions as per-day counts in daily_counts: no row per visit, nothing that names a visitor. */
export function createAnalyticsStore(db: Database, visitors: DailyVisitors, cap = DAILY_LABEL_CAP): AnalyticsStore {
  /** Adds one to a count, its label held to the cap. */
  const count = async (tx: Queryable, key: CountKey) =>
    addCount(tx, { ...key, label: await cappedLabel(tx, key, cap) }, 1);
  const converted = async (
    tx: Queryable,
    day: string,
    kind: Conversion,
    { locale, device, source, service }: Converted,
  ) => {
    await count(tx, { day, series: series.conversions(kind, locale), label: source, device });
    if (service !== undefined)
      await count(tx, { day, series: series.conversions('service', locale), label: service || NONE_LABEL, device });
  };

  return {
    async addView({ page, locale, device, touch }, client, at = new Date()) {
      const day = dayOf(at);
      const visitor = await visitors.hashOf(client, day);
      const source = sourceOf(touch);
      const values: Record<ViewDimension, string> = {
        referrer: touch.referrer || NONE_LABEL,
        utm_source: touch.source || NONE_LABEL,
        utm_medium: touch.medium || NONE_LABEL,
        utm_campaign: touch.campaign || NONE_LABEL,
      };
      await db.transaction(async (tx) => {
        await count(tx, { day, series: series.views('page', locale), label: page, device });
        for (const dimension of VIEW_DIMENSIONS)
          await count(tx, { day, series: series.views(dimension, locale), label: values[dimension], device });
        if (await visitors.firstSeen(tx, day, visitor)) {
          await count(tx, { day, series: series.visitors('site', locale), label: '', device });
          await count(tx, { day, series: series.visitors('source', locale), label: source, device });
        }
        // The visitor's hash hashed again with the page: a second view of it is no second unique, and the
        // day's rows cannot be joined into one visitor's trail of pages.
        if (await visitors.firstSeen(tx, day, saltedHash(visitor, page)))
          await count(tx, { day, series: series.visitors('page', locale), label: page, device });
      });
    },
    async addConversion(kind, conversion, at = new Date()) {
      const day = dayOf(at);
      await db.transaction((tx) => converted(tx, day, kind, conversion));
    },
    async addClick(kind, conversion, client, at = new Date()) {
      const day = dayOf(at);
      const visitor = await visitors.hashOf(client, day);
      await db.transaction(async (tx) => {
        // The visitor's hash hashed again with the click, as with a page: the rows name no visitor's clicks.
        if (await visitors.firstSeen(tx, day, saltedHash(visitor, `click:${kind}`)))
          await converted(tx, day, kind, conversion);
      });
    },
  };
}
