import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backup } from 'node:sqlite';

import { describe, expect, it } from 'vitest';

import { DATABASE_FILE, openDatabase, openSqliteDatabase } from '../../server/db';
import { createLeadStore } from '../../server/leads/store';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';

describe('a SQLite back-up', () => {
  it('taken while the site runs (SQLite’s online backup, as sqlite3 .backup does) restores with every lead', async () => {
    const live = openSqliteDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-live-')));
    const leads = createLeadStore(live);
    for (const name of ['Ana', 'Ben', 'Cy'])
      await leads.add(
        { ...EMPTY_CONTACT_VALUES, name, email: `${name}@example.com`, message: 'Hi' },
        { address: '203.0.113.1', userAgent: '' },
      );
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-backup-')), 'site-backup.db');
    await backup(live.connection, copy);
    await leads.add(
      { ...EMPTY_CONTACT_VALUES, name: 'After', email: 'after@example.com', message: 'Hi' },
      { address: '203.0.113.1', userAgent: '' },
    );
    await live.close();

    // Restore: the copy becomes site.db in an empty DATA_DIR, and the site opens it as its own.
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-restored-'));
    fs.copyFileSync(copy, path.join(restoredDir, DATABASE_FILE));
    const restored = await openDatabase({ dataDir: restoredDir });
    expect((await createLeadStore(restored).all()).map((lead) => lead.name)).toEqual(['Ana', 'Ben', 'Cy']);
    expect(fs.statSync(path.join(restoredDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    await restored.close();
  });
});
