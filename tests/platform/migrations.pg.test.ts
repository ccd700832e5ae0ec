import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { migrations, openDatabase } from '../../server/db';
import { openPostgres } from '../../server/db/postgres';
import { openSqlite } from '../../server/db/sqlite';
import { createLeadStore } from '../../server/leads/store';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { postgresDatabase } from '../support/engines';

const broken = [...migrations, 'ALTER TABLE no_such_table ADD COLUMN locale TEXT'];
const lead = { ...EMPTY_CONTACT_VALUES, name: 'Ana', email: 'ana@example.com', message: 'Hello' };
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lab-migrate-'));

describe('migrations', { timeout: 30_000 }, () => {
  it('SQLite: a database made before the newer steps moves forward with its rows', async () => {
    const dataDir = tempDir();
    const old = openSqlite(dataDir, migrations.slice(0, 7));
    // A lead as that schema stored it: no language yet.
    old.connection
      .prepare("INSERT INTO leads (received_at, name, email, message, client_hash) VALUES (?, ?, ?, ?, 'hash')")
      .run(new Date().toISOString(), lead.name, lead.email, lead.message);
    await old.close();
    const db = await openDatabase({ dataDir });
    expect((await createLeadStore(db).all()).map(({ name, locale }) => ({ name, locale }))).toEqual([
      { name: 'Ana', locale: 'en' },
    ]);
    expect(await db.get('PRAGMA user_version')).toEqual({ user_version: migrations.length });
    await db.close();
  });

  it('SQLite: leads and subscribers rebuilt to never hand out an id twice keep their rows, ids, children and trigger', async () => {
    const dataDir = tempDir();
    const old = openSqlite(dataDir, migrations.slice(0, 10));
    const run = (sql: string, ...params: (string | number)[]) => old.connection.prepare(sql).run(...params);
    const at = '2025-01-01T00:00:00.000Z';
    for (const name of ['Ana', 'Ben', 'Cy'])
      run(
        "INSERT INTO leads (received_at, name, email, message, client_hash) VALUES (?, ?, 'a@example.com', 'Hi', 'h')",
        at,
        name,
      );
    run('DELETE FROM leads WHERE id = 3');
    run("INSERT INTO lead_notes (lead_id, staff_email, created_at, body) VALUES (2, 'sam@lab.test', ?, 'Called')", at);
    run("INSERT INTO subscribers (email, created_at, locale) VALUES ('Reader@Example.com', ?, 'es')", at);
    run(
      "INSERT INTO outbox (kind, subscriber_id, payload, message_id, created_at, next_attempt_at) VALUES ('x', 1, '{}', 'm1', ?, ?)",
      at,
      at,
    );
    await old.close();

    const db = openSqlite(dataDir, migrations);
    const all = (sql: string) => db.connection.prepare(sql).all();
    expect(all('SELECT id, name, status, status_changed_at FROM leads ORDER BY id')).toEqual([
      { id: 1, name: 'Ana', status: 'new', status_changed_at: at },
      { id: 2, name: 'Ben', status: 'new', status_changed_at: at },
    ]);
    expect(all('SELECT lead_id, body FROM lead_notes')).toEqual([{ lead_id: 2, body: 'Called' }]);
    expect(all('SELECT subscriber_id FROM outbox')).toEqual([{ subscriber_id: 1 }]);
    // Still one row per address whatever its case, still a language of its own.
    expect(all("SELECT id, locale FROM subscribers WHERE email = 'reader@example.COM'")).toEqual([
      { id: 1, locale: 'es' },
    ]);
    // The trigger still dates a new lead, and ids only grow: deleting the newest does not free its id.
    db.connection
      .prepare(
        "INSERT INTO leads (received_at, name, email, message, client_hash) VALUES (?, 'Di', 'd@example.com', 'Hi', 'h')",
      )
      .run(at);
    expect(all("SELECT id, status_changed_at FROM leads WHERE name = 'Di'")).toEqual([
      { id: 3, status_changed_at: at },
    ]);
    db.connection.prepare('DELETE FROM leads WHERE id = 3').run();
    db.connection
      .prepare(
        "INSERT INTO leads (received_at, name, email, message, client_hash) VALUES (?, 'Ed', 'e@example.com', 'Hi', 'h')",
      )
      .run(at);
    expect(all("SELECT id FROM leads WHERE name = 'Ed'")).toEqual([{ id: 4 }]);
    // Foreign keys are enforced again once migrated: a lead's notes go with it.
    db.connection.prepare('DELETE FROM leads WHERE id = 2').run();
    expect(all('SELECT * FROM lead_notes')).toEqual([]);
    await db.close();
  });

  it('SQLite: a failed step stops with one line naming it, and leaves the database at the step before', async () => {
    const dataDir = tempDir();
    await (await openDatabase({ dataDir })).close();
    expect(() => openSqlite(dataDir, broken)).toThrow(
      new RegExp(`^Database migration ${broken.length} failed: no such table: no_such_table$`),
    );
    const db = openSqlite(dataDir, migrations);
    expect(await db.get('PRAGMA user_version')).toEqual({ user_version: migrations.length });
    await db.close();
  });

  it('PostgreSQL: two instances starting together take turns under the advisory lock', async () => {
    const url = await postgresDatabase();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => openDatabase({ dataDir: tempDir(), databaseUrl: url })));
    expect(await a!.all('SELECT version FROM schema_version')).toEqual([{ version: migrations.length }]);
    await createLeadStore(a!).add(lead, { address: '203.0.113.1', userAgent: '' });
    expect((await createLeadStore(c!).all()).map((row) => row.name)).toEqual(['Ana']);
    for (const db of [a!, b!, c!]) await db.close();
  });

  it('PostgreSQL: a failed step stops with one line naming it and rolls back', async () => {
    const url = await postgresDatabase();
    await (await openDatabase({ dataDir: tempDir(), databaseUrl: url })).close();
    await expect(openPostgres(url, broken)).rejects.toThrow(
      new RegExp(`^Database migration ${broken.length} failed: relation "no_such_table" does not exist$`),
    );
    const db = await openDatabase({ dataDir: tempDir(), databaseUrl: url });
    expect(await db.all('SELECT version FROM schema_version')).toEqual([{ version: migrations.length }]);
    await db.close();
  });
});
