import { joinedPieces } from './textPieces';

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab
 * or carriage return before one) as a formula: such text gets a leading
 * apostrophe so it stays text. Every cell is quoted, quotes doubled.
 */
function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A column of an export: the row's key and the header it is written under. */
export type CsvColumns<Row> = readonly (readonly [CsvKey<Row>, string])[];

/** The keys of a row whose values a cell can hold. */
type CsvKey<Row> = { [Key in keyof Row]: Row[Key] extends string | number | null | undefined ? Key : never }[keyof Row];

/** A CSV line: the row's cells, formula-safe. */
const csvLine = <Row>(columns: CsvColumns<Row>, row: Row) =>
  columns.map(([key]) => csvCell(row[key] as string | number | null | undefined)).join(',');

/** RFC 4180: a header row, then one row per record, CRLF line ends; every cell formula-safe. */
export function toCsv<Row>(columns: CsvColumns<Row>, rows: readonly Row[]): string {
  return [columns.map(([, header]) => header).join(','), ...rows.map((row) => csvLine(columns, row))]
    .map((line) => `${line}\r\n`)
    .join('');
}

/** The same CSV as toCsv, a batch of rows at a time: the header first, then each batch's lines in small pieces. */
export async function* csvChunks<Row>(columns: CsvColumns<Row>, batches: AsyncIterable<readonly Row[]>) {
  yield toCsv(columns, []);
  for await (const rows of batches) yield* joinedPieces(rows.map((row) => `${csvLine(columns, row)}\r\n`));
}
