/**
 * The staff's export of contact form leads:
 *   npm run --silent leads -- export --format csv > leads.csv
 *   npm run leads -- export --format json --output leads.json
 * Reads the database in DATA_DIR, as the server does.
 */
import fs from 'node:fs';
import { SetupError, UsageError, openExistingDatabase, runCli } from './cli';
import { leadColumns, toCsv } from './csv';
import type { Lead } from './leads';
import { createLeadStore } from './leads';

const FORMATS = ['csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: npm run --silent leads -- export --format csv|json [--output FILE]

Writes every lead from the contact form, oldest first, to standard output
(or to FILE, a new file readable by its owner only). The database is the one in DATA_DIR
(default ./data), as for the server. Use npm's --silent so that npm's own
header stays out of the output.`;

interface ExportCommand {
  format: Format;
  output?: string;
}

/** Reads `export --format csv|json [--output FILE]`; anything else is a usage error. */
function parseArguments(args: readonly string[]): ExportCommand | 'help' {
  if (args.includes('--help') || args.includes('-h')) return 'help';
  const [command, ...options] = args;
  if (command === undefined) throw new UsageError('Missing the command: export.');
  if (command !== 'export') throw new UsageError(`Unknown command "${command}": the only command is export.`);
  let format: string | undefined;
  let output: string | undefined;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    const [name, inline] = option.startsWith('--') && option.includes('=') ? option.split(/=(.*)/s) : [option, undefined];
    if (name !== '--format' && name !== '--output') throw new UsageError(`Unknown option "${option}".`);
    const value = inline ?? options[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`${name} needs a value.`);
    }
    if (name === '--format') format = value;
    else output = value;
  }
  if (format === undefined) throw new UsageError('Missing --format csv|json.');
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`Unknown format "${format}": use csv or json.`);
  return { format: format as Format, output };
}


function leadsToJson(leads: readonly Lead[]): string {
  return `${JSON.stringify(leads, null, 2)}\n`;
}

/**
 * Writes a new file readable by its owner only. 'wx' fails on anything already
 * there: never through a symlink, never into a file prepared with looser rights.
 */
function writeNewFile(file: string, text: string): void {
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new SetupError(`${file} already exists: name a new file.`);
    throw error;
  }
}

function run(args: readonly string[]): void {
  const command = parseArguments(args);
  if (command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const db = openExistingDatabase();
  try {
    const leads = createLeadStore(db).all();
    const text = command.format === 'csv' ? toCsv(leadColumns, leads) : leadsToJson(leads);
    if (command.output) {
      writeNewFile(command.output, text);
      process.stderr.write(`Wrote ${leads.length} lead${leads.length === 1 ? '' : 's'} to ${command.output}.\n`);
    } else {
      process.stdout.write(text);
    }
  } finally {
    db.close();
  }
}

await runCli(USAGE, run);
