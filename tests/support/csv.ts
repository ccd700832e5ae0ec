/** RFC 4180 parsing: quoted cells, doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

/** The columns of every lead export (the command's and the console's), in order: the export's contract. */
export const LEAD_EXPORT_COLUMNS = [
  'id',
  'received_at',
  'name',
  'email',
  'company',
  'phone',
  'service',
  'message',
  'client_hash',
  'user_agent',
  'source',
  'campaign',
  'attribution',
];
