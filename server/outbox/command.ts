/**
 * The staff's view of the outbox, from the database in DATA_DIR:
 *   npm run --silent outbox -- status           counts, the oldest queued message's age, and every message not sent
 *   npm run --silent outbox -- retry 42         send message 42 again now, with a fresh round of attempts
 *   npm run --silent outbox -- retry --failed   the same for every failed message
 * A running server picks retried messages up at its next poll (within seconds).
 */
import type { StaffCommand } from '../cli/run';
import { openServerDatabase, SetupError, UsageError } from '../cli/run';
import { createOutbox } from './delivery';
import type { OutboxEntry, OutboxStats } from './store';

const USAGE = `Usage: npm run --silent outbox -- status
       npm run --silent outbox -- retry <id>|--failed

status          how many messages are queued, sent and failed, the age of the
                oldest queued one, and a line per message not yet sent
retry <id>      puts a queued or failed message back in the queue, due now,
                with a fresh round of attempts
retry --failed  the same for every failed message

The database is the one in DATA_DIR (default ./data), as for the server.`;

/** "3 h 12 min", "45 s": an age a person reads at a glance. */
function age(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}

function statusText(stats: OutboxStats, entries: readonly OutboxEntry[]): string {
  const lines = [
    `queued ${stats.queued}, sent ${stats.sent}, failed ${stats.failed}${stats.skipped ? `, skipped ${stats.skipped}` : ''}${stats.bounced ? `, bounced ${stats.bounced}` : ''}`,
    `oldest queued: ${stats.oldestQueuedSeconds === null ? 'none' : age(stats.oldestQueuedSeconds)}`,
  ];
  for (const entry of entries) {
    const about = entry.leadId !== null ? `lead ${entry.leadId}` : `subscriber ${entry.subscriberId}`;
    const next = entry.status === 'queued' ? `, next attempt ${entry.nextAttemptAt}` : '';
    const error = entry.lastError ? `, last error: ${entry.lastError}` : '';
    lines.push(
      `#${entry.id} ${entry.status} ${entry.kind} (${about}), ${entry.attempts} attempt(s), queued ${entry.createdAt}${next}${error}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function parseRetryTarget(target: string | undefined): number | 'failed' {
  if (target === '--failed') return 'failed';
  if (target !== undefined && /^\d{1,15}$/.test(target)) return Number(target);
  throw new UsageError(
    target === undefined ? 'retry needs a message id or --failed.' : `"${target}" is not a message id.`,
  );
}

export const command: StaffCommand = {
  usage: USAGE,
  run: async (args) => {
    const [command, ...rest] = args;
    if (command !== 'status' && command !== 'retry')
      throw new UsageError(
        command === undefined
          ? 'Missing the command: status or retry.'
          : `Unknown command "${command}": use status or retry.`,
      );
    if (rest.length > (command === 'retry' ? 1 : 0)) throw new UsageError(`Unexpected "${rest.at(-1)}".`);
    const target = command === 'retry' ? parseRetryTarget(rest[0]) : undefined;
    const { db, config } = await openServerDatabase();
    try {
      const outbox = createOutbox(db, config);
      if (target === undefined) {
        process.stdout.write(statusText(await outbox.stats(), await outbox.pending()));
      } else if (target === 'failed') {
        const count = await outbox.retryFailed();
        process.stdout.write(`Queued ${count} failed message${count === 1 ? '' : 's'} again.\n`);
      } else {
        const result = await outbox.retry(target);
        if (result === 'missing') throw new SetupError(`No message #${target} in the outbox.`);
        if (result === 'sent') throw new SetupError(`Message #${target} was already sent.`);
        process.stdout.write(`Queued message #${target} again.\n`);
      }
    } finally {
      await db.close();
    }
  },
};
