import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { openDatabase } from '../../server/db';
import { decryptFile } from '../../server/db/backupCipher';
import type { DebianPostgres } from '../support/debianPostgres';
import { POSTGRES_BIN, startDebianPostgres } from '../support/debianPostgres';

interface Service {
  image?: string;
  build?: { additional_contexts?: Record<string, string>; dockerfile_inline?: string };
  environment: Record<string, string>;
  volumes?: string[];
  entrypoint?: string[];
}
const compose = parse(fs.readFileSync('compose.yaml', 'utf8')) as { services: Record<string, Service> };
const backup = compose.services['db-backup']!;
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
/** The command the service's loop runs, as a line of its script. */
const command = `${pkg.scripts.data} backup`;

let postgres: DebianPostgres;
beforeAll(async () => {
  postgres = await startDebianPostgres();
});
afterAll(() => postgres?.stop());

describe("compose's db-backup", { timeout: 60_000 }, () => {
  it('runs the site’s own back-up command with its Node and bundle on PostgreSQL’s image, BACKUP_KEY required', () => {
    const dockerfile = backup.build?.dockerfile_inline ?? '';
    expect(backup.build?.additional_contexts).toEqual({ site: 'service:site-1' });
    // pg_dump must be of the server's major version or newer: the same image as the database's.
    expect(dockerfile).toMatch(new RegExp(`^FROM ${compose.services.db!.image}$`, 'm'));
    expect(dockerfile).toMatch(/^COPY --from=site \/usr\/local\/bin\/node \/usr\/local\/bin\/node$/m);
    expect(dockerfile).toMatch(/^COPY --from=site \/app \/app$/m);
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(
      backup.entrypoint
        ?.at(-1)
        ?.split('\n')
        .map((line) => line.trim()),
    ).toContain(command);
    expect(backup.environment).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: compose.services['site-1']!.environment.DATABASE_URL,
      BACKUP_DIR: '/backups',
    });
    expect(backup.environment.BACKUP_KEY).toMatch(/^\$\{BACKUP_KEY:\?/);
    expect(backup.volumes).toContain('pgbackups:/backups');
  });

  it('as it runs there, writes an encrypted dump without the day’s salt, visitor hashes and rate-limit counts', async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-compose-backup-'));
      const env = {
        ...process.env,
        ...backup.environment,
        DATABASE_URL: postgres.url,
        BACKUP_DIR: dir,
        BACKUP_KEY: 'compose-backup-key-'.padEnd(64, '0'),
        BACKUP_INTERVAL_HOURS: '24',
        BACKUP_KEEP: '7',
        DATA_DIR: dir,
        // PostgreSQL's image has its pg_dump on the PATH.
        PATH: `${POSTGRES_BIN}:${process.env.PATH}`,
      };
      const [node, ...args] = command.split(' ');
      expect(node).toBe('node');
      const run = () => spawnSync(process.execPath, args, { env, encoding: 'utf8' });
      // The sites migrate the database; the back-up dumps it as it is.
      await (await openDatabase({ dataDir: dir, databaseUrl: postgres.url })).close();
      await client.query(
        `INSERT INTO analytics_salts (day, salt) VALUES ('2026-11-28', 'the-days-salt');
         INSERT INTO analytics_visitors (day, hash) VALUES ('2026-11-28', 'a-visitors-hash');
         INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('visits:a-hashed-address', 1, 0);
         INSERT INTO leads (received_at, name, email, message, client_hash)
           VALUES ('2026-11-28T10:00:00Z', 'Kept Lead', 'kept@example.com', 'Hi', '');`,
      );
      const backedUp = run();
      expect(backedUp.stderr).toBe('');
      expect(backedUp.status).toBe(0);
      const [file] = fs.readdirSync(dir).filter((name) => name.startsWith('site-'));
      expect(file).toMatch(/^site-\d{8}T\d{9}Z\.dump\.enc$/);
      const sealed = path.join(dir, file!);
      expect(fs.statSync(sealed).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(sealed).toString('latin1')).not.toContain('Kept Lead');
      const plain = path.join(dir, 'plain.dump');
      await decryptFile(sealed, plain, env.BACKUP_KEY);
      const data = execFileSync(path.join(POSTGRES_BIN, 'pg_restore'), ['--data-only', '--file=-', plain]).toString();
      expect(data).toContain('Kept Lead');
      for (const trace of ['the-days-salt', 'a-visitors-hash', 'a-hashed-address']) expect(data).not.toContain(trace);
      // Without the key it writes nothing and says why, in one line.
      const keyless = spawnSync(process.execPath, args, { env: { ...env, BACKUP_KEY: '' }, encoding: 'utf8' });
      expect(keyless.status).not.toBe(0);
      expect(keyless.stderr).toMatch(/^BACKUP_KEY is not set/);
    } finally {
      await client.end();
    }
  });
});
