/**
 * Fills a fresh database with the large lab (seed.ts): the SQLite file in DATA_DIR, or DATABASE_URL's.
 *   npm run seed:large -- --factor=0.01 --seed=1
 */
import { openDatabase } from '../../../server/db';
import { seedLargeLab } from './seed';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const factor = Number(args.get('factor') ?? 1);
const seed = Number(args.get('seed') ?? 1);
const dataDir = process.env.DATA_DIR;
if (!dataDir || !(factor > 0 && factor <= 1) || !Number.isInteger(seed)) {
  console.error('Usage: DATA_DIR=… [DATABASE_URL=…] npm run seed:large -- [--factor=0.01|0.1|1] [--seed=N]');
  process.exit(2);
}
const db = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
try {
  const seeded = await seedLargeLab(db, { factor, seed });
  console.log(JSON.stringify({ engine: db.engine, factor, seed, ...seeded }));
} finally {
  await db.close();
}
