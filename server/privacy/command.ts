/**
 * The lab's personal-data commands, on the database in DATA_DIR:
 *   npm run --silent data -- purge            delete what is past its retention period (the server also does this daily)
 *   npm run --silent data -- export <email>   everything held about an address, as JSON
 *   npm run --silent data -- erase <email>    delete it, keeping only a suppression hash
 *   npm run --silent data -- correct <email> --name … --company … --phone … --email …
 */
import { parseArgs } from 'node:util';

import { z } from 'zod';

import { BACKUP_USAGE, backupCommand } from '../cli/backup';
import type { StaffCommand } from '../cli/run';
import { openServerDatabase, SetupError, UsageError } from '../cli/run';
import { COMMAND_ACTOR, recordAudit } from '../console/audit/record';
import { crmEvents } from '../crm';
import { createOutbox } from '../outbox/delivery';
import type { Correction } from './correction';
import { checkCorrection, CORRECTABLE_FIELDS, correctLeads } from './correction';
import { readJournal } from './journal';
import { erasePersonalData, exportPersonalData } from './personalData';
import { purgeExpired } from './retention';

const USAGE = `Usage: npm run --silent data -- purge
       npm run --silent data -- export <email>
       npm run --silent data -- erase <email>
       npm run --silent data -- correct <email> [--name …] [--company …] [--phone …] [--email …]
${BACKUP_USAGE}

purge           deletes what is past its retention period (see the README)
export <email>  prints everything held about the address as JSON: leads with
                their notes and status history, the newsletter record with its
                consent times, and the messages sent about them
erase <email>   deletes all of it and prints what was removed; only a keyed
                hash of the address stays, so it is not added again by mistake
correct <email> replaces the given fields on every lead from the address (an
                empty --company or --phone clears it) and records on each lead
                when and which fields were corrected; the newsletter record
                keeps its address (consent was given for that one)

The database is the one in DATA_DIR (default ./data), as for the server.`;

const emailSchema = z.string().trim().pipe(z.email());

type Request =
  | { command: 'purge' }
  | { command: 'export'; email: string }
  | { command: 'erase'; email: string }
  | { command: 'correct'; email: string; correction: Correction };

function addressOf(command: string, rest: readonly string[]): string {
  if (rest.length !== 1) throw new UsageError(`${command} needs one e-mail address.`);
  const email = emailSchema.safeParse(rest[0]);
  if (!email.success) throw new UsageError(`"${rest[0]}" is not an e-mail address.`);
  return email.data;
}

/** "correct <email> --name … --phone …": the address, then the fields' new values. */
function parseCorrection(rest: readonly string[]): Request {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(CORRECTABLE_FIELDS.map((field) => [field, { type: 'string' }])) as Record<
        (typeof CORRECTABLE_FIELDS)[number],
        { type: 'string' }
      >,
    });
  } catch (error) {
    throw new UsageError(`correct: ${(error as Error).message}`);
  }
  const correction = checkCorrection(parsed.values);
  if (!correction.ok) throw new UsageError(`correct: ${correction.error}`);
  return { command: 'correct', email: addressOf('correct', parsed.positionals), correction: correction.value };
}

function parse(args: readonly string[]): Request {
  const [command, ...rest] = args;
  if (command === 'purge') {
    if (rest.length > 0) throw new UsageError(`purge takes no arguments.`);
    return { command };
  }
  if (command === 'export' || command === 'erase') return { command, email: addressOf(command, rest) };
  if (command === 'correct') return parseCorrection(rest);
  throw new UsageError(
    command === undefined
      ? 'Missing the command: purge, export, erase or correct.'
      : `Unknown command "${command}": use purge, export, erase or correct.`,
  );
}

export const command: StaffCommand = {
  usage: USAGE,
  run: async (args) => {
    if (args[0] === 'backup' || args[0] === 'restore') {
      await backupCommand(args, readJournal);
      return;
    }
    const request = parse(args);
    const { db, config } = await openServerDatabase();
    try {
      // The audit log names what was done and how much, never the address (an erasure could not take it back).
      const audit = (action: 'export.person' | 'erasure' | 'correction', detail: string) =>
        recordAudit(db, { actor: COMMAND_ACTOR, action, object: 'a person’s data', detail });
      if (request.command === 'export') {
        const data = await exportPersonalData(db, request.email);
        await audit('export.person', `${data.leads.length} leads, ${data.subscription ? 1 : 0} subscription`);
        process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
        return;
      }
      if (request.command === 'purge') process.stdout.write(`${JSON.stringify({ purged: await purgeExpired(db) })}\n`);
      else if (request.command === 'erase') {
        // The server's worker posts the erasure's events to the CRM (decision 081) and the calls' cancels (087).
        const outbox = createOutbox(db, config);
        const erased = await erasePersonalData(
          db,
          request.email,
          new Date(),
          crmEvents(outbox, config.mail.crm),
          outbox,
        );
        await audit('erasure', `${erased.leads} leads, ${erased.subscriptions} subscriptions`);
        process.stdout.write(`${JSON.stringify({ erased })}\n`);
      } else {
        const leads = await correctLeads(db, request.email, request.correction);
        if (leads === 0) throw new SetupError(`No lead has the address ${request.email}: nothing was corrected.`);
        const fields = Object.keys(request.correction);
        await audit('correction', `${leads} leads: ${fields.join(', ')}`);
        process.stdout.write(`${JSON.stringify({ corrected: { leads, fields } })}\n`);
      }
      // Deleted or replaced is not yet gone: until the write-ahead log is emptied, a copy of the file still holds the old rows.
      if (!(await db.forgetDeleted()))
        throw new SetupError(
          'Done, but another process kept the database log from being emptied, so a copy of it may still hold the old data: run the command again.',
        );
    } finally {
      await db.close();
    }
  },
};
