/** What the staff's commands (npm run leads, outbox, staff, data) share: their errors, and the database they read. */
import fs from 'node:fs';
import path from 'node:path';

import type { AppConfig } from '../config';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../db';
import { DATABASE_FILE, openDatabase } from '../db';

/** Wrong arguments: the message, then the usage text, exit code 2. */
export class UsageError extends Error {}
/** A problem with the environment or the data, not with the arguments: the message alone, exit code 1. */
export class SetupError extends Error {}

/**
 * The server's database: DATABASE_URL's, or the file in DATA_DIR, which must
 * exist: opening would create an empty one, and a wrong DATA_DIR must say so instead.
 */
export async function openServerDatabase(): Promise<{ db: Database; config: AppConfig }> {
  const config = loadConfig();
  const file = path.join(config.dataDir, DATABASE_FILE);
  if (!config.databaseUrl && !fs.existsSync(file))
    throw new SetupError(`No database at ${file}: set DATA_DIR to the server's data folder.`);
  return { db: await openDatabase(config), config };
}

/** One of the staff's commands: its usage text and what it does with its arguments. */
export interface StaffCommand {
  usage: string;
  run: (args: readonly string[]) => void | Promise<void>;
}

/**
 * Runs a command: its usage for --help or -h, exit code 2 with the usage for wrong arguments, 1 for a setup
 * problem, and the stack for a bug.
 */
export async function runCli({ usage, run }: StaffCommand, args: readonly string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  try {
    await run(args);
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
