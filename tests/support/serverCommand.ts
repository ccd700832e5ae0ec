import fs from 'node:fs';

/**
 * `npm start`'s command, which the container runs too: node, its flags (decisions 055, 057) and dist/server.js.
 * The browser tests, the process tests and the bench start the built server with it, as production does.
 */
export const SERVER_COMMAND: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start;

/** What follows `node` in it: the arguments for process.execPath. */
export const SERVER_ARGS = SERVER_COMMAND.split(' ').slice(1);
