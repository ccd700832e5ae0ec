/**
 * The staff's exports, from the database in DATA_DIR as the server uses it:
 *   npm run --silent leads -- export --format csv > leads.csv          every contact form lead
 *   npm run --silent leads -- subscribers --format csv > list.csv      the newsletter's consented addresses
 *   npm run leads -- export --format json --output leads.json
 */
import fs from 'node:fs';

import type { StaffCommand } from '../cli/run';
import { openServerDatabase, SetupError, UsageError } from '../cli/run';
import type { CsvColumns } from '../lib/csv';
import { toCsv } from '../lib/csv';
import type { ConsentedSubscriber } from '../newsletter/store';
import { createSubscriberStore } from '../newsletter/store';
import type { ExportedLead } from './exportRows';
import { csvRows, exportColumns, exportedLeads } from './exportRows';
import type { InboxFilter } from './inbox';
import { createInbox } from './inbox';

const FORMATS = ['csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: npm run --silent leads -- export|subscribers --format csv|json [--output FILE]

export       every lead from the contact form, oldest first, as the console's
             export gives it: owner, next step, deal, notes and history,
             times on the lab's clock with their offset
subscribers  the newsletter addresses that confirmed and did not unsubscribe,
             with when they signed up and when they confirmed (the proof of consent)

Writes to standard output (or to FILE, a new file readable by its owner only).
The database is the one in DATA_DIR (default ./data), as for the server. Use
npm's --silent so that npm's own header stays out of the output.`;

const subscriberColumns: CsvColumns<ConsentedSubscriber> = [
  ['email', 'email'],
  ['signedUpAt', 'signed_up_at'],
  ['confirmedAt', 'confirmed_at'],
  ['notice', 'notice'],
  ['consentChannel', 'consent_channel'],
];

/** The inbox's filter that shows every lead. */
const EVERY_LEAD: InboxFilter = { status: '', service: '', search: '', source: '', campaign: '', owner: '', due: '' };

const COMMANDS = ['export', 'subscribers'] as const;
type Command = (typeof COMMANDS)[number];

interface ExportCommand {
  command: Command;
  format: Format;
  output?: string;
}

/** Reads `export|subscribers --format csv|json [--output FILE]`; anything else is a usage error. */
function parseArguments(args: readonly string[]): ExportCommand {
  const [command, ...options] = args;
  if (command === undefined) throw new UsageError('Missing the command: export or subscribers.');
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new UsageError(`Unknown command "${command}": use export or subscribers.`);
  let format: string | undefined;
  let output: string | undefined;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    const [name, inline] =
      option.startsWith('--') && option.includes('=') ? option.split(/=(.*)/s) : [option, undefined];
    if (name !== '--format' && name !== '--output') throw new UsageError(`Unknown option "${option}".`);
    const value = inline ?? options[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`${name} needs a value.`);
    }
    if (name === '--format') format = value;
    else output = value;
  }
  if (format === undefined) throw new UsageError('Missing --format csv|json.');
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`Unknown format "${format}": use csv or json.`);
  return { command: command as Command, format: format as Format, output };
}

/**
 * Writes a new file readable by its owner only. 'wx' fails on anything already
 * there: never through a symlink, never into a file prepared with looser rights.
 */
function writeNewFile(file: string, text: string): void {
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new SetupError(`${file} already exists: name a new file.`);
    throw error;
  }
}

/** What the command writes: the records as JSON, or as CSV through their own rows and columns. */
function write<T, Row>(
  command: ExportCommand,
  noun: string,
  records: readonly T[],
  csv: { columns: CsvColumns<Row>; rows: (records: readonly T[]) => readonly Row[] },
): void {
  const text =
    command.format === 'csv' ? toCsv(csv.columns, csv.rows(records)) : `${JSON.stringify(records, null, 2)}\n`;
  if (command.output) {
    writeNewFile(command.output, text);
    process.stderr.write(`Wrote ${records.length} ${noun}${records.length === 1 ? '' : 's'} to ${command.output}.\n`);
  } else {
    process.stdout.write(text);
  }
}

export const command: StaffCommand = {
  usage: USAGE,
  run: async (args) => {
    const command = parseArguments(args);
    const { db } = await openServerDatabase();
    try {
      if (command.command === 'export') {
        // The console's export of every lead (exportRows.ts), oldest first: read newest first a batch at a time.
        const leads: ExportedLead[] = [];
        for await (const batch of createInbox(db).batches(EVERY_LEAD, 500))
          leads.push(...(await exportedLeads(db, batch)));
        write(command, 'lead', leads.reverse(), { columns: exportColumns, rows: csvRows });
      } else {
        const subscribers = await createSubscriberStore(db).consented();
        write(command, 'subscriber', subscribers, { columns: subscriberColumns, rows: (records) => records });
      }
    } finally {
      await db.close();
    }
  },
};
