/**
 * The settings table, one value a key. The owners' settings are kept as JSON; a row that is not JSON reads as none,
 * so each reader falls back on its defaults and checks the shape it reads.
 */
import type { Queryable } from './types';

export async function readJsonSetting(q: Queryable, key: string): Promise<unknown> {
  const row = await q.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key);
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

/** Sets a key's value, in place of any before. */
export async function writeSetting(q: Queryable, key: string, value: string): Promise<void> {
  await q.run(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    key,
    value,
  );
}
