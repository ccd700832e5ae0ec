/**
 * Leads → contacted → won, and the won leads' monthly value, grouped by one of a lead's facts (decision 080). The
 * leads are those received in the period, spam left out; contacted is a lead the staff ever moved to contacted, won
 * or lost (reopened since, it still was); won is a lead won now, worth the monthly value its deal records. Calls
 * booked counts their intro calls not cancelled (decision 087), so each source and campaign shows its bookings.
 */
import { sourceOf } from '../../../shared/lib/attribution';
import { publishedArticles } from '../../analytics/articles';
import { readAttribution } from '../../analytics/attribution';
import { knownSource } from '../../analytics/referrers';
import { languageLabels } from '../../console/people/profile';
import type { Database } from '../../db';
import { heardAnswer } from '../../pages/heardLabel';
import { LEAD_OFFICE } from '../speedToLead';
import type { Period } from './period';
import { periodBounds } from './period';

export const GROUPINGS = ['first', 'last', 'campaign', 'article', 'language', 'office', 'heard'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const isGrouping = (value: unknown): value is Grouping => GROUPINGS.includes(value as Grouping);

export interface FunnelRow {
  group: string;
  leads: number;
  /** Calls booked by those leads, cancelled ones left out (decision 087). */
  booked: number;
  contacted: number;
  won: number;
  /** The won leads' monthly values added up, whole dollars. */
  monthly: number;
}

interface FunnelLead {
  source: string;
  campaign: string;
  attribution: string;
  locale: string;
  heard: string;
  office: string;
  status: string;
  monthly: number | null;
  contacted: number;
  booked: number;
}

const NONE = '(none)';

/** The article a lead's visit read before the form: where its last touch landed, else its first; none else. */
function articleOf(attribution: string, titles: ReadonlyMap<string, string>): string {
  const read = readAttribution(attribution);
  const landed = [read?.last.landing, read?.first.landing].find((path) => path && titles.has(path));
  return landed ? titles.get(landed)! : NONE;
}

/** The group of a lead under each grouping. */
function groupOf(by: Grouping, lead: FunnelLead, titles: ReadonlyMap<string, string>): string {
  switch (by) {
    case 'first':
      return knownSource(lead.source).source;
    case 'last': {
      const last = readAttribution(lead.attribution)?.last;
      return knownSource(last ? sourceOf(last) : '').source;
    }
    case 'campaign':
      return lead.campaign || NONE;
    case 'article':
      return articleOf(lead.attribution, titles);
    case 'language':
      return languageLabels[lead.locale as keyof typeof languageLabels] ?? lead.locale;
    case 'office':
      return lead.office;
    case 'heard':
      return lead.heard ? heardAnswer(lead.heard) : NONE;
  }
}

/** The funnel of the period's leads by one grouping, most leads first. */
export async function funnelReport(db: Database, period: Period, by: Grouping): Promise<FunnelRow[]> {
  // Contacted: a scalar subquery after the status's test, not an EXISTS beside an OR, which PostgreSQL hashed by
  // reading every lead's history (decision 095); this reads a lead still new's history by its lead's index.
  const leads = await db.all<FunnelLead>(
    `SELECT source, campaign, attribution, locale, heard, ${LEAD_OFFICE} AS office, status, deal_monthly AS monthly,
       CASE WHEN status IN ('contacted', 'won', 'lost') THEN 1
         WHEN (SELECT 1 FROM lead_events WHERE lead_events.lead_id = leads.id
           AND lead_events.to_status IN ('contacted', 'won', 'lost') LIMIT 1) IS NOT NULL THEN 1 ELSE 0 END AS contacted,
       (SELECT count(*) FROM bookings WHERE bookings.lead_id = leads.id AND bookings.status <> 'cancelled') AS booked
     FROM leads WHERE received_at >= ? AND received_at < ? AND status <> 'spam'`,
    ...periodBounds(period),
  );
  const titles = new Map(
    publishedArticles().flatMap((article) => Object.values(article.paths).map((path) => [path, article.title])),
  );
  const groups = new Map<string, FunnelRow>();
  for (const lead of leads) {
    const group = groupOf(by, lead, titles);
    const row = groups.get(group) ?? { group, leads: 0, booked: 0, contacted: 0, won: 0, monthly: 0 };
    row.leads += 1;
    row.booked += Number(lead.booked);
    row.contacted += Number(lead.contacted);
    if (lead.status === 'won') {
      row.won += 1;
      row.monthly += Number(lead.monthly ?? 0);
    }
    groups.set(group, row);
  }
  return [...groups.values()].sort(
    (a, b) => b.leads - a.leads || b.monthly - a.monthly || a.group.localeCompare(b.group),
  );
}
