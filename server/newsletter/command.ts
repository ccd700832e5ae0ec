/**
 * What a mail provider reports about the newsletter's addresses, from the database in DATA_DIR:
 *   npm run --silent newsletter -- bounce <email>      a hard bounce: after NEWSLETTER_BOUNCE_LIMIT of them, no more campaigns
 *   npm run --silent newsletter -- complaint <email>   the reader marked it as spam: the address is unsubscribed
 */
import type { StaffCommand } from '../cli/run';
import { openServerDatabase, SetupError, UsageError } from '../cli/run';
import { recordBounce, recordComplaint } from './bounces';

const USAGE = `Usage: npm run --silent newsletter -- bounce <email>
       npm run --silent newsletter -- complaint <email>

bounce      records a permanent refusal of the address (as a 5xx from the mail
            server does); from NEWSLETTER_BOUNCE_LIMIT of them on, campaigns skip it
complaint   the reader reported a campaign as spam: the address is unsubscribed

The database is the one in DATA_DIR (default ./data), as for the server.`;

export const command: StaffCommand = {
  usage: USAGE,
  run: async (args) => {
    const [command, email, ...rest] = args;
    if (command !== 'bounce' && command !== 'complaint')
      throw new UsageError(
        command === undefined
          ? 'Missing the command: bounce or complaint.'
          : `Unknown command "${command}": use bounce or complaint.`,
      );
    if (!email) throw new UsageError(`${command} needs an e-mail address.`);
    if (rest.length > 0) throw new UsageError(`Unexpected "${rest[0]}".`);
    const { db, config } = await openServerDatabase();
    try {
      const now = new Date();
      const found = command === 'bounce' ? await recordBounce(db, email, now) : await recordComplaint(db, email, now);
      if (command === 'complaint') {
        process.stdout.write(
          found ? `${email} is unsubscribed.\n` : `${email} is not on the newsletter list: it is suppressed.\n`,
        );
        return;
      }
      if (!found) throw new SetupError(`${email} is not on the newsletter list.`);
      const row = await db.get<{ hard_bounces: number }>('SELECT hard_bounces FROM subscribers WHERE email = ?', email);
      const count = row?.hard_bounces ?? 0;
      const limit = config.newsletter.bounceLimit;
      process.stdout.write(
        `${email}: ${count} hard bounce${count === 1 ? '' : 's'}${count >= limit ? ', no more campaigns' : `, campaigns stop at ${limit}`}.\n`,
      );
    } finally {
      await db.close();
    }
  },
};
