/**
 * The staff's commands in one entry, `node dist/commands.js <name> [arguments]` (npm run leads, newsletter,
 * data, outbox, staff). Each feature's front door names its own; the outbox and the console, floors below the
 * features, bring theirs here. A command's module is loaded only when it runs.
 */
import type { StaffCommand } from './cli/run';
import { runCli } from './cli/run';
import { commands as leads } from './leads';
import { commands as newsletter } from './newsletter';
import { commands as privacy } from './privacy';

const commands: Record<string, () => Promise<{ command: StaffCommand }>> = {
  ...leads,
  ...newsletter,
  ...privacy,
  outbox: () => import('./outbox/command'),
  staff: () => import('./console/command'),
};

const [name = '', ...args] = process.argv.slice(2);
const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
if (load) await runCli((await load()).command, args);
else {
  process.stderr.write(`No command "${name}": one of ${Object.keys(commands).join(', ')}.\n`);
  process.exitCode = 2;
}
