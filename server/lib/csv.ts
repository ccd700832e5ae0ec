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

/** RFC 4180: a header row, then one row per record, CRLF line ends; every cell formula-safe. */
export function toCsv<Row>(columns: CsvColumns<Row>, rows: readonly Row[]): string {
  const lines = [columns.map(([, header]) => header).join(',')];
  for (const row of rows)
    lines.push(columns.map(([key]) => csvCell(row[key] as string | number | null | undefined)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
