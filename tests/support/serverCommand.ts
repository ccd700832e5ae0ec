import fs from 'node:fs';

/**
 * `npm start`'s command, which the container runs too: the allocator's setting (decision 094), node, its flags
 * (decisions 055, 057) and dist/server.js. The browser tests, the process tests and the bench start the built
 * server with it, as production does.
 */
export const SERVER_COMMAND: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start;

const words = SERVER_COMMAND.split(' ');
const node = words.indexOf('node');

/** The NAME=value words before `node` in it: the environment a spawn without a shell gives process.execPath. */
export const SERVER_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  words.slice(0, node).map((word) => word.split('=', 2)),
);

/** What follows `node` in it: the arguments for process.execPath. */
export const SERVER_ARGS = words.slice(node + 1);

/**
 * The lab's legal identity as production gives it (LAB_*, server/config.ts): the tests start the site with it, as the
 * legal pages and the newsletter's e-mails need it; a test about its absence sets each to '' (unset).
 */
export const TEST_IDENTITY = {
  LAB_LEGAL_NAME: 'Meridian Lab LLC',
  LAB_TAX_ID: 'EIN 12-3456789',
  LAB_DOMICILE: 'Miami, Florida, United States',
  LAB_POSTAL_ADDRESS: 'P.O. Box 4417, Miami, FL 33101, USA',
  LAB_PRIVACY_OFFICER: 'Ana Gómez',
};

/** ANALYTICS_KEY, which a production start requires (decision 065): the tests start the built site with it. */
export const TEST_ANALYTICS_KEY = { ANALYTICS_KEY: 'test-analytics-key-'.padEnd(64, '0') };

/**
 * The form checks as the tests start the site (decision 073): no e-mail domain looked up (a test machine's resolver
 * answers for no name, or not at all), and no least time from page to post (a test types at once, and never
 * sleeps). The lookup and a post that came too fast have tests of their own.
 */
export const TEST_FORM_CHECKS = { MAIL_DOMAIN_CHECK: 'off', FORM_MIN_SECONDS: '0' };
