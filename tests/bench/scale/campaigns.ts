import type { Database, SqlValue } from '../../../server/db';
import { bulkInsert } from './bulkInsert';
import type { Random } from './random';

/**
 * `count` campaigns, one announcing each of the latest published articles, a week apart back from `now`: all but
 * the last few sent (started and queued through every subscriber), the newest still drafts or scheduled. Their
 * messages are not kept: the outbox's sent rows go with retention.
 */
export async function seedCampaigns(
  db: Database,
  rng: Random,
  count: number,
  now: Date,
  lastSubscriber: number,
): Promise<number> {
  const articles = await db.all<{ pair_id: number }>(
    "SELECT pair_id FROM articles WHERE locale = 'en' AND state = 'published' ORDER BY pair_id DESC LIMIT ?",
    count,
  );
  const columns = [
    'id',
    'created_at',
    'article_id',
    'subject_en',
    'preview_en',
    'body_en',
    'subject_es',
    'preview_es',
    'body_es',
    'status',
    'send_at',
    'started_at',
    'queued_through',
    'queued_at',
    'note_en',
    'note_es',
    'unsubscribes',
  ];
  function* rows(): Generator<SqlValue[]> {
    for (let id = 1; id <= count; id += 1) {
      const created = new Date(now.getTime() - (count - id) * 7 * 86_400_000);
      const at = created.toISOString();
      const status = id > count - 2 ? 'draft' : id === count - 2 ? 'scheduled' : 'sending';
      const sent = status === 'sending';
      const article = articles[(count - id) % Math.max(1, articles.length)]?.pair_id ?? null;
      yield [
        id,
        at,
        article === null ? null : article * 2 - 1,
        rng.words(6),
        rng.words(12),
        rng.words(rng.int(60, 200)),
        rng.words(6),
        rng.words(12),
        rng.words(rng.int(60, 200)),
        status,
        status === 'draft' ? null : at,
        sent ? at : null,
        sent ? lastSubscriber : 0,
        sent ? at : null,
        rng.words(10),
        rng.words(10),
        sent ? rng.int(0, 40) : 0,
      ];
    }
  }
  return bulkInsert(db, 'campaigns', columns, rows());
}
