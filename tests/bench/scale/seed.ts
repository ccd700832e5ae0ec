/**
 * A large lab, made up and deterministic (the same seed number gives the same rows): two thousand articles, a
 * hundred thousand leads, fifty thousand subscribers, a year of analytics and two hundred campaigns at factor 1;
 * a tenth or a hundredth of each at 0.1 or 0.01. Written with bulk SQL into the schema the migrations made, on
 * either engine: what the scale bench (scale.ts) measures the console and the heavy jobs on.
 */
import { SEED_MARKER } from '../../../server/articles/store';
import type { Database } from '../../../server/db';
import { seedAnalytics } from './analytics';
import { seedArticles } from './articles';
import { seedCampaigns } from './campaigns';
import { seedLeads } from './leads';
import { random } from './random';
import { seedSubscribers } from './subscribers';

/** The lab at factor 1. */
export const FULL_SIZE = {
  articlePairs: 1_000,
  leads: 100_000,
  subscribers: 50_000,
  visitsPerDay: 20_000,
  campaigns: 200,
};

export interface SeedOptions {
  /** 1, 0.1, 0.01… of FULL_SIZE. */
  factor: number;
  seed: number;
  /** Where the three years end. */
  now?: Date;
}

export interface Seeded {
  articles: number;
  leads: number;
  subscribers: number;
  dailyCounts: number;
  campaigns: number;
  seconds: number;
}

/** The tables given explicit ids: PostgreSQL's identity sequences are moved past them. */
const ID_TABLES = ['articles', 'article_revisions', 'leads', 'lead_notes', 'lead_events', 'subscribers', 'campaigns'];

/** Fills a fresh, migrated database (openDatabase) with the large lab. */
export async function seedLargeLab(db: Database, { factor, seed, now = new Date() }: SeedOptions): Promise<Seeded> {
  const start = performance.now();
  const size = (full: number) => Math.max(1, Math.round(full * factor));
  const rng = random(seed);
  const articles = await seedArticles(db, rng, size(FULL_SIZE.articlePairs), now);
  const leads = await seedLeads(db, rng, size(FULL_SIZE.leads), now);
  const subscribers = await seedSubscribers(db, rng, size(FULL_SIZE.subscribers), now);
  const dailyCounts = await seedAnalytics(db, rng, size(FULL_SIZE.visitsPerDay), now);
  const campaigns = await seedCampaigns(db, rng, size(FULL_SIZE.campaigns), now, subscribers);
  if (db.engine === 'postgres') {
    for (const table of ID_TABLES)
      await db.get(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    await db.run('ANALYZE');
  } else await db.run('ANALYZE');
  await db.run("UPDATE content_versions SET version = version + 1 WHERE name = 'articles'");
  // The site's own six seed articles are for an empty lab: marked as done, so they are not added at start.
  await db.run('INSERT INTO content_versions (name, version) VALUES (?, 1) ON CONFLICT (name) DO NOTHING', SEED_MARKER);
  return { articles, leads, subscribers, dailyCounts, campaigns, seconds: (performance.now() - start) / 1000 };
}
