import type { Database, SqlValue } from '../../../server/db';
import { LOST_REASONS } from '../../../server/leads/deal';
import { noticeVersions } from '../../../server/privacy/notices';
import { planFacts } from '../../../shared/content/data';
import { bulkInsert } from './bulkInsert';
import type { Random } from './random';

const FIRST = ['Ana', 'Luis', 'Maria', 'John', 'Wei', 'Fatima', 'Carlos', 'Emma', 'Diego', 'Sofia', 'Ahmed', 'Olivia'];
const LAST = ['Garcia', 'Smith', 'Lopez', 'Chen', 'Johnson', 'Martinez', 'Brown', 'Perez', 'Khan', 'Rossi'];
const SERVICES = ['', ...planFacts.map((plan) => plan.id)];
const SOURCES = [
  ['(direct)', 35],
  ['google.com', 30],
  ['facebook', 12],
  ['newsletter', 8],
  ['linkedin.com', 8],
  ['bing.com', 4],
  ['instagram', 3],
] as const;
const CAMPAIGNS = ['', '', '', 'miami-spring', 'houston-launch', 'austin-retarget', 'newsletter'];
const STAFF = ['ana@meridianlab.test', 'ben@meridianlab.test', 'carla@meridianlab.test', 'dev@meridianlab.test'];
const DAY = 86_400_000;

/** A touch as the attribution keeps it. */
const touch = (source: string, campaign: string, landing: string) => ({
  source: source.includes('.') || source === '(direct)' ? '' : source,
  medium: campaign ? 'cpc' : '',
  campaign,
  content: '',
  referrer: source.includes('.') ? source : '',
  landing,
});

/**
 * `count` leads over the three years before `now`, more of them lately (the lab grows), with where they stand, who
 * owns them, their notes and status history and their visit's attribution: the inbox's shape after years of ads.
 */
export async function seedLeads(db: Database, rng: Random, count: number, now: Date): Promise<number> {
  const columns = [
    'id',
    'received_at',
    'name',
    'email',
    'company',
    'phone',
    'service',
    'message',
    'client_hash',
    'user_agent',
    'status',
    'status_changed_at',
    'locale',
    'attribution',
    'source',
    'campaign',
    'notice',
    'consent_channel',
    'owner',
    'next_step',
    'next_step_due_at',
    'deal_plan',
    'deal_monthly',
    'deal_start',
    'lost_reason',
  ];
  const notes: SqlValue[][] = [];
  const events: SqlValue[][] = [];
  const span = 3 * 365 * DAY;
  function* rows(): Generator<SqlValue[]> {
    for (let id = 1; id <= count; id += 1) {
      // Evenly spaced in the square root of time: the later years bring more leads than the first.
      const received = new Date(now.getTime() - span * (1 - Math.sqrt(id / count)) - rng.int(0, 3_600_000));
      const at = received.toISOString();
      const age = now.getTime() - received.getTime();
      const first = rng.pick(FIRST);
      const last = rng.pick(LAST);
      const source = rng.weighted(SOURCES);
      const campaign = source === '(direct)' ? '' : rng.pick(CAMPAIGNS);
      const status =
        age < 7 * DAY
          ? rng.weighted([
              ['new', 60],
              ['contacted', 30],
              ['spam', 10],
            ] as const)
          : rng.weighted([
              ['contacted', 20],
              ['won', 12],
              ['lost', 48],
              ['spam', 20],
            ] as const);
      const owner = status === 'spam' ? '' : rng.pick(STAFF);
      const landing = rng.pick(['/', '/contact', '/services', '/blog', '/es/contacto']);
      const attribution = {
        first: touch(source, campaign, landing),
        last: touch(source, campaign, '/contact'),
        formPage: '/contact',
        pagesSeen: rng.int(1, 12),
      };
      let changed = at;
      const moves: [string, string][] =
        status === 'new' || status === 'spam'
          ? status === 'spam'
            ? [['new', 'spam']]
            : []
          : status === 'contacted'
            ? [['new', 'contacted']]
            : [
                ['new', 'contacted'],
                ['contacted', status],
              ];
      moves.forEach(([from, to], step) => {
        changed = new Date(received.getTime() + (step + 1) * rng.int(1, 72) * 3_600_000).toISOString();
        events.push([id, owner || STAFF[0]!, changed, from, to]);
      });
      if (status !== 'spam' && rng.chance(0.6))
        for (let note = rng.int(1, 4); note > 0; note -= 1)
          notes.push([
            id,
            owner,
            new Date(received.getTime() + note * 7_200_000).toISOString(),
            rng.words(rng.int(8, 60)),
          ]);
      const won = status === 'won' ? rng.pick(planFacts) : undefined;
      const open = status === 'new' || status === 'contacted';
      yield [
        id,
        at,
        `${first} ${last}`,
        `${first}.${last}.${id}@example.com`.toLowerCase(),
        rng.chance(0.7) ? `${last} ${rng.pick(['Labs', 'Bio', 'Clinic', 'Research', 'Group'])}` : '',
        rng.chance(0.5) ? `+1 305 555 ${String(id % 10_000).padStart(4, '0')}` : '',
        rng.pick(SERVICES),
        rng.words(rng.int(15, 120)),
        `hash${id}`,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
        status,
        changed,
        rng.chance(0.3) ? 'es' : 'en',
        JSON.stringify(attribution),
        source,
        campaign,
        noticeVersions.lead,
        'the contact form',
        owner,
        open && rng.chance(0.7) ? rng.words(5) : '',
        open && rng.chance(0.7) ? new Date(now.getTime() + rng.int(-5, 10) * DAY).toISOString() : null,
        won?.id ?? '',
        won?.price ?? null,
        won ? at.slice(0, 10) : null,
        status === 'lost' ? rng.pick(LOST_REASONS) : '',
      ];
    }
  }
  const inserted = await bulkInsert(db, 'leads', columns, rows());
  await bulkInsert(db, 'lead_notes', ['lead_id', 'staff_email', 'created_at', 'body'], notes);
  await bulkInsert(db, 'lead_events', ['lead_id', 'staff_email', 'at', 'from_status', 'to_status'], events);
  return inserted;
}
