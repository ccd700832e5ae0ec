/** The reports as tables (the analytics' shape): the page shows them and each is a CSV of its own. */
import type { AnalyticsTable } from '../../analytics/tables';
import type { StaffName } from '../../console/people/names';
import type { SpeedFigure } from '../speedToLead';
import type { FunnelRow, Grouping } from './funnel';
import type { SpeedGrouping } from './texts';
import { groupingLabels, reportsCopy } from './texts';

const share = (part: number, whole: number) => ({ share: whole > 0 ? part / whole : null });
/** Minutes with one decimal: what a person reads, and what a spreadsheet sums. */
const minutes = (value: number) => Math.round(value * 10) / 10;

export function funnelTable(rows: readonly FunnelRow[], by: Grouping): AnalyticsTable {
  return {
    title: `${reportsCopy.funnelTitle} by ${groupingLabels[by].toLowerCase()}`,
    columns: reportsCopy.funnelColumns(by),
    rows: rows.map((row) => [
      row.group,
      row.leads,
      row.booked,
      row.contacted,
      share(row.contacted, row.leads),
      row.won,
      share(row.won, row.leads),
      row.monthly,
    ]),
  };
}

/** A week's key is its Monday, shown as a day; an owner by name. */
export function speedTable(figures: readonly SpeedFigure[], by: SpeedGrouping, nameOf: StaffName): AnalyticsTable {
  const label = (key: string) =>
    by === 'week' ? { day: key } : by === 'owner' ? (key ? nameOf(key) : reportsCopy.nobody) : key;
  return {
    title: reportsCopy.speedTableTitle(by),
    columns: reportsCopy.speedColumns(by),
    rows: figures.map((figure) => [label(figure.key), figure.leads, minutes(figure.median), minutes(figure.p90)]),
  };
}
