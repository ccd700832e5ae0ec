/**
 * The lab's personal-data commands, on the database in DATA_DIR:
 *   npm run --silent data -- purge            delete what is past its retention period (the server also does this daily)
 *   npm run --silent data -- export <email>   everything held about an address, as JSON
 *   npm run --silent data -- erase <email>    delete it, keeping only a suppression hash
 */
import { z } from 'zod';

import { openServerDatabase, runCli, UsageError } from '../cli/run';
import { erasePersonalData, exportPersonalData } from './personalData';
import { purgeExpired } from './retention';

const USAGE = `Usage: npm run --silent data -- purge
       npm run --silent data -- export <email>
       npm run --silent data -- erase <email>

purge           deletes what is past its retention period (see the README)
export <email>  prints everything held about the address as JSON: leads with
                their notes and status history, the newsletter record with its
                consent times, and the messages sent about them
erase <email>   deletes all of it and prints what was removed; only a keyed
                hash of the address stays, so it is not added again by mistake

The database is the one in DATA_DIR (default ./data), as for the server.`;

const emailSchema = z.string().trim().pipe(z.email());

function parse(args: readonly string[]): { command: 'purge' } | { command: 'export' | 'erase'; email: string } {
  const [command, ...rest] = args;
  if (command === 'purge') {
    if (rest.length > 0) throw new UsageError(`purge takes no arguments.`);
    return { command };
  }
  if (command === 'export' || command === 'erase') {
    if (rest.length !== 1) throw new UsageError(`${command} needs one e-mail address.`);
    const email = emailSchema.safeParse(rest[0]);
    if (!email.success) throw new UsageError(`"${rest[0]}" is not an e-mail address.`);
    return { command, email: email.data };
  }
  throw new UsageError(
    command === undefined
      ? 'Missing the command: purge, export or erase.'
      : `Unknown command "${command}": use purge, export or erase.`,
  );
}

await runCli(USAGE, async (args) => {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const request = parse(args);
  const { db } = await openServerDatabase();
  try {
    if (request.command === 'purge') process.stdout.write(`${JSON.stringify({ purged: await purgeExpired(db) })}\n`);
    else if (request.command === 'export')
      process.stdout.write(`${JSON.stringify(await exportPersonalData(db, request.email), null, 2)}\n`);
    else process.stdout.write(`${JSON.stringify({ erased: await erasePersonalData(db, request.email) })}\n`);
  } finally {
    await db.close();
  }
});
