/**
 * Staff accounts, from the command line only (there is no sign-up page):
 *   npm run --silent staff -- add <email> [--name <name>] [--office <office>] [--languages en,es] [--role owner|editor|sales]
 *   npm run --silent staff -- reset|disable|unlock|two-factor-off <email>
 *   npm run --silent staff -- list
 * Reads the database in DATA_DIR, as the server does.
 */
import type { City } from '../../shared/content/data';
import type { StaffCommand } from '../cli/run';
import { openServerDatabase, SetupError, UsageError } from '../cli/run';
import { createAccountStore } from './accounts';
import { COMMAND_ACTOR, recordAudit } from './audit/record';
import { generatePassword, hashPassword, passwordProblem } from './passwords';
import type { StaffProfile } from './people/profile';
import { DEFAULT_HOURS, LANGUAGES, NAME_MAX, OFFICES } from './people/profile';
import type { Role } from './roles';
import { isRole, ROLES } from './roles';
import { createSignInThrottle } from './signInThrottle';
import { secretBox } from './twoFactor/secretBox';
import { createTwoFactorStore } from './twoFactor/store';

const USAGE = `Usage: npm run --silent staff -- <command>

  add <email> [--name <name>] [--office <office>] [--languages <en,es>] [--role <role>]
                   create an account for the staff console: the person's name, office
                   (${OFFICES.join(', ')}; new-york as well), the languages they take
                   calls in (${LANGUAGES.join(', ')} or both, comma-separated; en by default)
                   and role (${ROLES.join(', ')}); the first account is an owner unless
                   told otherwise, later ones sales; they work Monday to Friday 09:00-17:00
                   in their office's time zone until the console's People page changes it
  reset <email>    set a new password (ends the account's sessions)
  disable <email>  disable the account and end its sessions at once
  unlock <email>   clear the sign-in lock-out after repeated wrong passwords or codes
  two-factor-off <email>
                   turn off the account's two-factor sign-in (its secret and recovery codes
                   are deleted), for someone who lost both and has no owner to reset it
  list             the accounts: address, name, role, when made and whether disabled

add and reset ask for the password twice when run in a terminal; otherwise they
generate one and print it once. The database is the one in DATA_DIR (default ./data).`;

const COMMANDS = ['add', 'reset', 'disable', 'unlock', 'two-factor-off', 'list'] as const;
type Command = (typeof COMMANDS)[number];

/** Deliberately plain: the address is typed by the staff, and only has to be unique and deliverable. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What add may be told of the person; the rest of a profile is set in the console. */
interface NewPerson {
  name?: string;
  office?: City;
  languages?: StaffProfile['languages'];
  role?: Role;
}

/** add's options, each "--name value"; anything else is a usage error. */
function parsePerson(options: readonly string[]): NewPerson {
  const person: NewPerson = {};
  for (let at = 0; at < options.length; at += 2) {
    const [flag, value] = [options[at]!, options[at + 1]];
    if (value === undefined || !['--name', '--office', '--languages', '--role'].includes(flag))
      throw new UsageError(`Unexpected "${flag}".`);
    if (flag === '--name') {
      if (value.trim() === '' || value.length > NAME_MAX)
        throw new UsageError(`A name is 1 to ${NAME_MAX} characters.`);
      person.name = value.trim();
    } else if (flag === '--office') {
      // "new-york" as well as "New York": the form a shell argument takes without quotes.
      const office = OFFICES.find((city) => city.toLowerCase() === value.toLowerCase().replace('-', ' '));
      if (!office) throw new UsageError(`"${value}" is no office: ${OFFICES.join(', ')}.`);
      person.office = office;
    } else if (flag === '--languages') {
      const languages = LANGUAGES.filter((language) => value.split(',').includes(language));
      if (languages.length === 0 || languages.length !== value.split(',').length)
        throw new UsageError(`"${value}" is no list of languages: en, es or en,es.`);
      person.languages = languages;
    } else {
      if (!isRole(value)) throw new UsageError(`"${value}" is no role: ${ROLES.join(', ')}.`);
      person.role = value;
    }
  }
  return person;
}

function parseArguments(args: readonly string[]): { command: Command; email: string; person: NewPerson } {
  const [command, email, ...rest] = args;
  if (command === undefined) throw new UsageError('Missing the command.');
  if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`Unknown command "${command}".`);
  if (command === 'list') {
    if (email !== undefined) throw new UsageError('list takes no arguments.');
    return { command, email: '', person: {} };
  }
  if (email === undefined) throw new UsageError(`${command} needs an e-mail address.`);
  if (rest.length > 0 && command !== 'add') throw new UsageError(`Unexpected "${rest[0]}".`);
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new UsageError(`"${email}" is not an e-mail address.`);
  return { command: command as Command, email: email.toLowerCase(), person: parsePerson(rest) };
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
  const { command, email, person } = parseArguments(args);
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
        // The first account is the console's first owner: no one else could give it a role.
        const first = (await accounts.list()).length === 0;
        if (command === 'add')
          await accounts.add(email, hash, { role: first ? 'owner' : 'sales', hours: DEFAULT_HOURS, ...person });
        else await accounts.reset(email, hash);
        process.stderr.write(
          command === 'add'
            ? `Created the account ${email} (${(await accounts.find(email))!.role}).\n`
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
      case 'two-factor-off': {
        // Deleting reads no secret: no key is needed (decision 071).
        const { id } = (await accounts.find(email))!;
        const removed = await createTwoFactorStore(db, secretBox(undefined)).remove(id);
        if (removed)
          await recordAudit(db, {
            ...{ actor: COMMAND_ACTOR, action: 'two-factor', object: `person ${id}` },
            detail: 'turned off from the shell',
          });
        process.stderr.write(
          removed
            ? `Turned off the two-factor sign-in of ${email}: the password alone signs in until it is set up again.\n`
            : `${email} had no two-factor sign-in to turn off.\n`,
        );
        break;
      }
      case 'list':
        for (const account of await accounts.list()) {
          process.stdout.write(
            `${account.email}\t${account.name || '-'}\t${account.role}\tcreated ${account.createdAt}\t${account.disabledAt ? `disabled ${account.disabledAt}` : 'active'}\n`,
          );
        }
        break;
    }
  } finally {
    await db.close();
  }
}

export const command: StaffCommand = { usage: USAGE, run };
