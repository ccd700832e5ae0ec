import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { openDatabase } from '../../server/db';
import { npmRun } from '../support/serverProcess';
import { seedLargeLab } from './scale/seed';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lab-seed-'));
/** What a seed number decides, whatever the day it runs: the people, their words and where they came from. */
const SHAPE = 'SELECT name, email, message, source, status FROM leads ORDER BY id LIMIT 50';

describe('the large lab seed at 1/100', () => {
  it('fills a fresh database by its command in the shape of a lab, the same rows for the same seed number', async () => {
    const dataDir = tempDir();
    const run = await npmRun('seed:large', ['--factor=0.01', '--seed=7'], dataDir);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      articles: 20,
      leads: 1000,
      subscribers: 500,
      campaigns: 2,
    });
    const db = await openDatabase({ dataDir });
    const again = await openDatabase({ dataDir: tempDir() });
    try {
      const pairs = await db.all<{ n: number }>('SELECT count(*) AS n FROM articles GROUP BY pair_id');
      expect(pairs).toHaveLength(10);
      expect(pairs.every((pair) => pair.n === 2)).toBe(true);
      const spanish = (await db.get<{ n: number }>("SELECT count(*) AS n FROM subscribers WHERE locale = 'es'"))!.n;
      expect(spanish).toBeGreaterThan(100);
      expect(spanish).toBeLessThan(200);
      const notes = (await db.get<{ n: number }>('SELECT count(*) AS n FROM lead_notes'))!.n;
      expect(notes).toBeGreaterThan(500);
      const days = (await db.get<{ n: number }>('SELECT count(DISTINCT day) AS n FROM daily_counts'))!.n;
      expect(days).toBe(365);
      await seedLargeLab(again, { factor: 0.01, seed: 7 });
      expect(await again.all(SHAPE)).toEqual(await db.all(SHAPE));
    } finally {
      await db.close();
      await again.close();
    }
  });
});
