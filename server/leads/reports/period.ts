/**
 * A report's period (decision 080): its first and last day on the lab's clock, as the console shows every time;
 * the last eight weeks to today unless the query names days. A day that is none falls back to the default, and
 * days given the wrong way round are read the right way.
 */
import { addDays, dayOf, dayStart } from '../../analytics/days';

export interface Period {
  /** YYYY-MM-DD, the lab's days, both included. */
  from: string;
  to: string;
}

const DEFAULT_DAYS = 8 * 7;

const dayIn = (value: unknown): string | undefined =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    ? value
    : undefined;

/** The period a query asks for. */
export function periodOf(query: Record<string, unknown>, now: Date): Period {
  const to = dayIn(query.to) ?? dayOf(now);
  const from = dayIn(query.from) ?? addDays(to, 1 - DEFAULT_DAYS);
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The period's bounds as UTC times: from its first day's lab midnight to the midnight after its last. */
export const periodBounds = ({ from, to }: Period): [string, string] => [
  dayStart(from).toISOString(),
  dayStart(addDays(to, 1)).toISOString(),
];

/** The period as a query string's parameters. */
export const periodParams = ({ from, to }: Period) => new URLSearchParams({ from, to });
