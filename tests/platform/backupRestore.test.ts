import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { afterAll, describe, expect, it } from 'vitest';

import { DATABASE_FILE, openSqliteDatabase } from '../../server/db';
import { checkBackup } from '../../server/db/backup';
import { decryptFile } from '../../server/db/backupCipher';
import { createLeadStore } from '../../server/leads/store';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { postLead, startDrill } from '../support/drill';
import { freePort, killServers, npmRun, startServer } from '../support/serverProcess';

afterAll(killServers);

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The back-up key of these tests (production's is random: openssl rand -hex 32). */
const KEY = 'drill-only-key-'.padEnd(64, '0');
/** What no back-up holds: the day's analytics salt and visitor hashes, and the rate limits' counts. */
const EPHEMERAL = ['analytics_salts', 'analytics_visitors', 'rate_limit_hits'];

// Server starts and commands, the restore reading and re-applying the privacy journal: a minute on a busy machine.
describe('SQLite back-up and restore, on the real server and commands', { timeout: 120_000 }, () => {
  it('restores exactly the backed-up state: the site serves the leads of the back-up, not the later ones', async () => {
    const dataDir = tempDir('lab-drill-');
    const env = { BACKUP_DIR: tempDir('lab-drill-backups-'), BACKUP_INTERVAL_HOURS: '0' };
    const drill = await startDrill(dataDir, env);
    const { port, inboxPage } = drill;
    let { server } = drill;

    const backedUp = await npmRun('data', ['backup'], dataDir, env);
    expect(backedUp.code).toBe(0);
    const { backup } = JSON.parse(backedUp.stdout) as { backup: string };
    expect(path.dirname(backup)).toBe(env.BACKUP_DIR);
    expect(modeOf(backup)).toBe(0o600);
    expect(checkBackup(backup).leads).toBe(2);
    await postLead(port, 'Drill Three');
    expect(await inboxPage()).toContain('Drill Three');

    // The server uses DATA_DIR: refused, and nothing changed.
    const refused = await npmRun('data', ['restore', backup], dataDir, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Not restored: a server \(pid \d+ on .+\) uses /);
    expect(refused.stdout).toBe('');

    await server.stop();
    const restored = await npmRun('data', ['restore', backup], dataDir, env);
    expect(restored.code).toBe(0);
    const result = JSON.parse(restored.stdout) as { restored: string; leads: number; previous: string };
    expect(result).toMatchObject({ restored: backup, leads: 2 });
    // What it replaced is kept, with the third lead, mode 600.
    expect(checkBackup(result.previous).leads).toBe(3);
    expect(modeOf(result.previous)).toBe(0o600);
    expect(modeOf(path.join(dataDir, DATABASE_FILE))).toBe(0o600);

    server = await startServer(port, { DATA_DIR: dataDir, ...env });
    const page = await inboxPage();
    expect(page).toContain('Drill One');
    expect(page).toContain('Drill Two');
    expect(page).not.toContain('Drill Three');
    await server.stop();
  });

  it('refuses what is no back-up of the site, and a usage error, without touching the database', async () => {
    const dataDir = tempDir('lab-drill-bad-');
    const junk = path.join(dataDir, 'junk.db');
    fs.writeFileSync(junk, 'not a database at all');
    const bad = await npmRun('data', ['restore', junk], dataDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Not restored: .*junk\.db/);
    expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(false);
    expect((await npmRun('data', ['restore'], dataDir)).code).toBe(2);
    expect((await npmRun('data', ['restore', path.join(dataDir, 'missing.db')], dataDir)).stderr).toMatch(
      /^No file at/,
    );
  });

  it('rotates the copy a restore keeps with the back-ups: BACKUP_KEEP counts it, the next back-ups push it out', async () => {
    const dataDir = tempDir('lab-rotate-');
    await openSqliteDatabase(dataDir).close();
    const env = { BACKUP_DIR: tempDir('lab-rotate-backups-'), BACKUP_KEEP: '2' };
    const backup = async () => {
      const made = await npmRun('data', ['backup'], dataDir, env);
      expect([made.code, made.stderr]).toEqual([0, '']);
      return path.basename((JSON.parse(made.stdout) as { backup: string }).backup);
    };
    const kept = () => fs.readdirSync(env.BACKUP_DIR).sort();
    const first = await backup();
    const restored = await npmRun('data', ['restore', path.join(env.BACKUP_DIR, first)], dataDir, env);
    const previous = path.basename((JSON.parse(restored.stdout) as { previous: string }).previous);
    expect(previous).toMatch(/^before-restore-\d{8}T\d{9}Z\.db$/);
    expect(kept()).toEqual([previous, first]);
    const second = await backup();
    expect(kept()).toEqual([previous, second]);
    const third = await backup();
    expect(kept()).toEqual([second, third]);
  });

  it('refuses a back-up of another database, or over one it cannot read, when erasures would be lost', async () => {
    const other = path.join(tempDir('lab-other-'), 'site-20261101T000000Z.db');
    const otherDb = openSqliteDatabase(path.dirname(other));
    otherDb.connection.prepare('VACUUM INTO ?').run(other);
    await otherDb.close();
    const dataDir = tempDir('lab-journal-');
    const env = { BACKUP_DIR: tempDir('lab-journal-backups-') };
    await openSqliteDatabase(dataDir).close();
    // With nothing recorded yet, a back-up of another database may replace this one (a new installation).
    expect((await npmRun('data', ['restore', other], dataDir, env)).code).toBe(0);
    expect((await npmRun('data', ['erase', 'ana@example.com'], dataDir, env)).code).toBe(0);
    const foreign = path.join(tempDir('lab-foreign-'), 'site-20261102T000000Z.db');
    const foreignDb = openSqliteDatabase(path.dirname(foreign));
    foreignDb.connection.prepare('VACUUM INTO ?').run(foreign);
    await foreignDb.close();
    const refused = await npmRun('data', ['restore', foreign], dataDir, env);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      'Not restored: the back-up is of another database (its hash key differs), so the erasures and unsubscribes ' +
        'recorded in the current one could not be applied to it.\n',
    ]);

    fs.writeFileSync(path.join(dataDir, DATABASE_FILE), 'no longer a database');
    const unreadable = await npmRun('data', ['restore', other], dataDir, env);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toMatch(/^Not restored: the database it would replace cannot be read \(.+\), so the /);
    expect(fs.readFileSync(path.join(dataDir, DATABASE_FILE), 'utf8')).toBe('no longer a database');
  });

  it("leaves the day's salt, the visitor hashes and the rate-limit counts out of a back-up, and a restore starts them fresh", async () => {
    const dataDir = tempDir('lab-ephemeral-');
    const env = { BACKUP_DIR: tempDir('lab-ephemeral-backups-') };
    const live = openSqliteDatabase(dataDir);
    live.connection.exec(`
      INSERT INTO analytics_salts (day, salt) VALUES ('2026-11-28', 'the-days-salt');
      INSERT INTO analytics_visitors (day, hash) VALUES ('2026-11-28', 'a-visitors-hash');
      INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('subscribe:a-hashed-address', 1, 0);`);
    const rows = (db: DatabaseSync) =>
      EPHEMERAL.map((table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);

    const made = await npmRun('data', ['backup'], dataDir, env);
    const { backup } = JSON.parse(made.stdout) as { backup: string };
    const copy = new DatabaseSync(backup, { readOnly: true });
    expect(rows(copy)).toEqual([0, 0, 0]);
    copy.close();
    const bytes = fs.readFileSync(backup).toString('latin1');
    for (const trace of ['the-days-salt', 'a-visitors-hash', 'a-hashed-address']) expect(bytes).not.toContain(trace);
    expect(rows(live.connection)).toEqual([1, 1, 1]);

    // A back-up made before they were left out still holds them: restored, they are gone all the same.
    const older = path.join(tempDir('lab-ephemeral-older-'), 'site-20261101T000000Z.db');
    live.connection.prepare('VACUUM INTO ?').run(older);
    await live.close();
    expect((await npmRun('data', ['restore', older], dataDir, env)).code).toBe(0);
    const restored = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    expect(rows(restored)).toEqual([0, 0, 0]);
    restored.close();
  });

  it('encrypts a back-up with BACKUP_KEY: nothing in it is readable, and only that key restores it', async () => {
    const dataDir = tempDir('lab-encrypted-');
    const db = openSqliteDatabase(dataDir);
    await createLeadStore(db).add(
      { ...EMPTY_CONTACT_VALUES, name: 'Ana Gómez', email: 'ana@example.com', message: 'A secret plan.' },
      { address: '203.0.113.1', userAgent: '' },
    );
    await db.close();
    const env = { BACKUP_DIR: tempDir('lab-encrypted-backups-'), BACKUP_KEY: KEY };
    const made = await npmRun('data', ['backup'], dataDir, env);
    expect([made.code, made.stderr]).toEqual([0, '']);
    const { backup, encrypted } = JSON.parse(made.stdout) as { backup: string; encrypted: boolean };
    expect([path.basename(backup), encrypted]).toEqual([expect.stringMatching(/^site-\d{8}T\d{9}Z\.db\.enc$/), true]);
    expect(modeOf(backup)).toBe(0o600);
    const bytes = fs.readFileSync(backup).toString('latin1');
    for (const trace of ['SQLite format 3', 'ana@example.com', 'A secret plan.']) expect(bytes).not.toContain(trace);
    // No plain copy is left anywhere on the way.
    expect(fs.readdirSync(env.BACKUP_DIR)).toEqual([path.basename(backup)]);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);

    const without = await npmRun('data', ['restore', backup], dataDir, { ...env, BACKUP_KEY: '' });
    expect([without.code, without.stderr]).toEqual([
      1,
      `Not restored: ${backup} is encrypted: set BACKUP_KEY to the key it was written with.\n`,
    ]);
    const wrong = await npmRun('data', ['restore', backup], dataDir, { ...env, BACKUP_KEY: 'w'.repeat(64) });
    expect([wrong.code, wrong.stderr]).toEqual([
      1,
      `Not restored: BACKUP_KEY is not the key ${backup} was encrypted with.\n`,
    ]);
    expect(fs.readdirSync(env.BACKUP_DIR)).toEqual([path.basename(backup)]);

    const restored = await npmRun('data', ['restore', backup], dataDir, env);
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    const { previous } = JSON.parse(restored.stdout) as { previous: string };
    // The copy of the database it replaced is encrypted too.
    expect(path.basename(previous)).toMatch(/^before-restore-.*\.db\.enc$/);
    expect(fs.readFileSync(previous).toString('latin1')).not.toContain('ana@example.com');
    const live = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    expect(live.prepare('SELECT name FROM leads').all()).toEqual([{ name: 'Ana Gómez' }]);
    live.close();
  });

  it('refuses to write a back-up in production without BACKUP_KEY, in one line; the server logs it and runs on', async () => {
    const dataDir = tempDir('lab-keyless-');
    await openSqliteDatabase(dataDir).close();
    const env = { BACKUP_DIR: tempDir('lab-keyless-backups-'), NODE_ENV: 'production' };
    const refusal =
      'BACKUP_KEY is not set: back-ups hold personal data, so in production (NODE_ENV=production) they are ' +
      'written only encrypted. Set it to 32 random bytes or more (for example: openssl rand -hex 32).';
    expect(await npmRun('data', ['backup'], dataDir, env)).toEqual({ code: 1, stdout: '', stderr: `${refusal}\n` });
    expect((await npmRun('data', ['restore', path.join(dataDir, DATABASE_FILE)], dataDir, env)).stderr).toBe(
      `Not restored: ${refusal}\n`,
    );
    expect(fs.readdirSync(env.BACKUP_DIR)).toEqual([]);

    const port = await freePort();
    const server = await startServer(port, { DATA_DIR: dataDir, ...env, BACKUP_INTERVAL_HOURS: '24' });
    await expect.poll(() => server.output(), { timeout: 20_000, interval: 200 }).toContain('"msg":"backup failed"');
    expect(server.output()).toContain(refusal);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
    await server.stop();
    expect(fs.readdirSync(env.BACKUP_DIR)).toEqual([]);
  });

  it('backs up on schedule while the site runs, keeping BACKUP_KEEP whole files of mode 600', async () => {
    const dataDir = tempDir('lab-scheduled-');
    const backupDir = tempDir('lab-scheduled-backups-');
    const port = await freePort();
    // 0.0005 hours: every 1.8 s.
    const server = await startServer(port, {
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      BACKUP_INTERVAL_HOURS: '0.0005',
      BACKUP_KEEP: '2',
      BACKUP_KEY: KEY,
    });
    await postLead(port, 'Scheduled');
    await expect
      .poll(() => server.output().split('"msg":"backup written"').length - 1, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(3);
    await server.stop();
    const files = fs.readdirSync(backupDir);
    expect(files).toHaveLength(2);
    for (const name of files) {
      expect(name).toMatch(/^site-\d{8}T\d{9}Z\.db\.enc$/);
      expect(modeOf(path.join(backupDir, name))).toBe(0o600);
      const opened = path.join(tempDir('lab-scheduled-opened-'), 'site.db');
      await decryptFile(path.join(backupDir, name), opened, KEY);
      expect(checkBackup(opened).schemaVersion).toBeGreaterThan(0);
    }
    // A clean stop removes the mark that refuses a restore.
    expect(fs.existsSync(path.join(dataDir, 'server.alive'))).toBe(false);
  });
});
