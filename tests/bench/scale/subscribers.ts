import type { Database, SqlValue } from '../../../server/db';
import { noticeVersions } from '../../../server/privacy/notices';
import { bulkInsert } from './bulkInsert';
import type { Random } from './random';

const DAY = 86_400_000;

/**
 * `count` subscribers over the three years before `now`: 30 % Spanish, most confirmed, a few never confirmed, and
 * 5 % gone (unsubscribed, or bounced for good).
 */
export async function seedSubscribers(db: Database, rng: Random, count: number, now: Date): Promise<number> {
  const columns = [
    'id',
    'email',
    'created_at',
    'confirmed_at',
    'unsubscribed_at',
    'locale',
    'hard_bounces',
    'bounced_at',
    'bounce_reason',
    'attribution',
    'source',
    'notice',
    'consent_channel',
  ];
  function* rows(): Generator<SqlValue[]> {
    for (let id = 1; id <= count; id += 1) {
      const created = new Date(now.getTime() - 3 * 365 * DAY * (1 - id / count) - rng.int(0, 3_600_000));
      const at = created.toISOString();
      const fate = rng.weighted([
        ['confirmed', 91],
        ['pending', 4],
        ['unsubscribed', 3.5],
        ['bounced', 1.5],
      ] as const);
      const later = new Date(created.getTime() + rng.int(1, 200) * DAY).toISOString();
      const source = rng.pick(['(direct)', 'google.com', 'newsletter', 'facebook', 'linkedin.com']);
      yield [
        id,
        `reader${id}.${rng.int(1000, 9999)}@example.org`,
        at,
        fate === 'pending' ? null : new Date(created.getTime() + rng.int(60_000, 86_400_000)).toISOString(),
        fate === 'unsubscribed' ? later : null,
        rng.chance(0.3) ? 'es' : 'en',
        fate === 'bounced' ? 1 : 0,
        fate === 'bounced' ? later : null,
        fate === 'bounced' ? '550 5.1.1 mailbox unavailable' : '',
        '{}',
        source,
        noticeVersions.newsletter,
        'the blog sign-up',
      ];
    }
  }
  return bulkInsert(db, 'subscribers', columns, rows());
}
