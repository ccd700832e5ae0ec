import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { ConfigError, loadConfig } from './config';
import { DATABASE_FILE, openDatabase } from './db';

/** Wrong arguments: the message, then the usage text, exit code 2. */
export class UsageError extends Error {}
/** A problem with the environment or the data, not with the arguments: the message alone, exit code 1. */
export class SetupError extends Error {}

/**
 * The server's database in DATA_DIR, as the server opens it. It must exist:
 * opening would create an empty one, and a wrong DATA_DIR must say so instead.
 */
export function openExistingDatabase(): DatabaseSync {
  const { dataDir } = loadConfig();
  const file = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(file)) throw new SetupError(`No database at ${file}: set DATA_DIR to the server's data folder.`);
  return openDatabase(dataDir);
}

/** Runs a command-line tool: its errors become a message on stderr and an exit code, never a stack trace. */
export async function runCli(usage: string, run: (args: readonly string[]) => void | Promise<void>): Promise<void> {
  try {
    await run(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      process.exitCode = 2;
    } else if (error instanceof SetupError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}
