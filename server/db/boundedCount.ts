/**
 * A list's count for its heading, read no further than past `COUNT_CAP` rows (decision 095): a count of every match
 * reads every matching row, 100,000 of them for an unfiltered inbox, where a page reads 26. Beyond the cap the heading
 * says "1,000+", which is what a person can act on.
 */
import type { Queryable, SqlValue } from './types';

const COUNT_CAP = 1000;

/** How many rows of `from` match `where` ("" for all), up to COUNT_CAP + 1: more than the cap reads as "1,000+". */
export async function boundedCount(
  db: Queryable,
  from: string,
  where: string,
  params: readonly SqlValue[],
): Promise<number> {
  const row = await db.get<{ total: number }>(
    `SELECT count(*) AS total FROM (SELECT 1 FROM ${from}${where ? ` WHERE ${where}` : ''} LIMIT ?) AS matched`,
    ...params,
    COUNT_CAP + 1,
  );
  return Number(row!.total);
}

/** A bounded count as a heading shows it: "1,000+" past the cap. */
export const countLabel = (count: number) =>
  count > COUNT_CAP ? `${COUNT_CAP.toLocaleString('en-US')}+` : String(count);
