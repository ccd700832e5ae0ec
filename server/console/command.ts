/**
 * Staff accounts, from the command line only (there is no sign-up page):
 *   npm run --silent staff -- add <email>
 *   npm run --silent staff -- reset|disable|unlock <email>
 *   npm run --silent staff -- list
 * Reads the database in DATA_DIR, as the server does.
 */
import type { StaffCommand } from '../cli/run';
import { openServerDatabase, SetupError, UsageError } from '../cli/run';
import { createAccountStore } from './accounts';
import { generatePassword, hashPassword, passwordProblem } from './passwords';
import { createSignInThrottle } from './signInThrottle';

const USAGE = `Usage: npm run --silent staff -- <command>

  add <email>      create an account for the staff console
  reset <email>    set a new password (ends the account's sessions)
  disable <email>  disable the account and end its sessions at once
  unlock <email>   clear the sign-in lock-out after repeated wrong passwords
  list             the accounts, with when they were made and whether disabled

add and reset ask for the password twice when run in a terminal; otherwise they
generate one and print it once. The database is the one in DATA_DIR (default ./data).`;

const COMMANDS = ['add', 'reset', 'disable', 'unlock', 'list'] as const;
type Command = (typeof COMMANDS)[number];

/** Deliberately plain: the address is typed by the staff, and only has to be unique and deliverable. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseArguments(args: readonly string[]): { command: Command; email: string } {
  const [command, email, ...rest] = args;
  if (command === undefined) throw new UsageError('Missing the command.');
  if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`Unknown command "${command}".`);
  if (command === 'list') {
    if (email !== undefined) throw new UsageError('list takes no arguments.');
    return { command, email: '' };
  }
  if (email === undefined) throw new UsageError(`${command} needs an e-mail address.`);
  if (rest.length > 0) throw new UsageError(`Unexpected "${rest[0]}".`);
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new UsageError(`"${email}" is not an e-mail address.`);
  return { command: command as Command, email: email.toLowerCase() };
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new SetupError('Cancelled: nothing was changed.'));
          return;
        }
        value = char === '\u007f' || char === '\b' ? [...value].slice(0, -1).join('') : value + char;
      }
    };
    input.on('data', onData);
  });
}

/** The new password: typed twice in a terminal, otherwise generated and printed once. */
async function newPassword(email: string): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) return { password: generatePassword(), generated: true };
  const password = await promptHidden('New password (at least 12 characters; empty to generate one): ');
  if (password === '') return { password: generatePassword(), generated: true };
  const problem = passwordProblem(password, email);
  if (problem) throw new SetupError(`${problem} Nothing was changed.`);
  if ((await promptHidden('Again: ')) !== password)
    throw new SetupError('The two passwords differ. Nothing was changed.');
  return { password, generated: false };
}

async function run(args: readonly string[]): Promise<void> {
  const { command, email } = parseArguments(args);
  const { db } = await openServerDatabase();
  try {
    const accounts = createAccountStore(db);
    const exists = command === 'list' || (await accounts.find(email)) !== undefined;
    if (command === 'add' && exists)
      throw new SetupError(`${email} already has an account: use reset to change its password.`);
    if (command !== 'add' && !exists) throw new SetupError(`There is no account for ${email}.`);
    switch (command) {
      case 'add':
      case 'reset': {
        const { password, generated } = await newPassword(email);
        const hash = await hashPassword(password);
        if (command === 'add') await accounts.add(email, hash);
        else await accounts.reset(email, hash);
        process.stderr.write(
          command === 'add'
            ? `Created the account ${email}.\n`
            : `Set a new password for ${email}; its sessions have ended.\n`,
        );
        // Only the password goes to stdout, so it can be piped into a password manager.
        if (generated) {
          process.stderr.write('Its password, shown this once:\n');
          process.stdout.write(`${password}\n`);
        }
        break;
      }
      case 'disable':
        await accounts.disable(email);
        process.stderr.write(`Disabled ${email}; its sessions have ended.\n`);
        break;
      case 'unlock':
        process.stderr.write(
          (await createSignInThrottle(db).unlock(email))
            ? `Cleared the failed sign-ins of ${email}.\n`
            : `${email} had no failed sign-ins to clear.\n`,
        );
        break;
      case 'list':
        for (const account of await accounts.list()) {
          process.stdout.write(
            `${account.email}\tcreated ${account.createdAt}\t${account.disabledAt ? `disabled ${account.disabledAt}` : 'active'}\n`,
          );
        }
        break;
    }
  } finally {
    await db.close();
  }
}

export const command: StaffCommand = { usage: USAGE, run };
