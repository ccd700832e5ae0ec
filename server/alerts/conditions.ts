import fs from 'node:fs/promises';

import type { AlertConfig } from '../config';
import { createSignInThrottle, LOCK_AFTER_FAILURES, LOCK_MS } from '../console/signInThrottle';
import type { Database } from '../db';
import type { MailMessage } from '../outbox/store';
import { alertTexts } from './texts';

/** The alerts there are, each a label of the alerts_fired_total metric. */
export type AlertName = 'outbox-failing' | 'outbox-bouncing' | 'staff-locked' | 'disk-full';

/** Distinct addresses refused for good within the window that alert: more than typos, a mail server refusing us. */
export const BOUNCE_BURST = 10;
const BOUNCE_WINDOW_MS = 60 * 60_000;
/** The failing alert's share is of the messages tried within this time. */
const FAILING_WINDOW_MS = 60 * 60_000;

/** One alert active now: its cause (what the cool-down counts by), what the console shows, and its e-mail. */
export interface ActiveAlert {
  name: AlertName;
  /** The alert's name, and for a lock the account: each account locked is a cause of its own. */
  cause: string;
  title: string;
  meaning: string;
  /** Where in the console to act on it. */
  link?: { href: string; label: string };
  mail: Omit<MailMessage, 'to'>;
}

export interface AlertSettings extends AlertConfig {
  dataDir: string;
  siteUrl: string;
}

/** The share of the disk in use, as df counts it (what is reserved for root counts as neither used nor free). */
async function diskPercent(dir: string): Promise<number | undefined> {
  try {
    const { blocks, bfree, bavail } = await fs.statfs(dir);
    const used = blocks - bfree;
    return used + bavail > 0 ? Math.ceil((used / (used + bavail)) * 100) : undefined;
  } catch (error) {
    // No data folder (PostgreSQL keeps its data elsewhere): nothing of the site's there to fill.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The messages failing now, and the messages tried within the hour they are a share of (decision 077). Failing:
 * still being retried and first queued longer ago than the setting, or given up within the hour. Tried: those,
 * and every message sent or bounced within the hour. A bounce is no failure (decisions 063, 077): it is the
 * address's, counted below.
 */
async function failingShare(db: Database, { outboxFailingMinutes }: AlertSettings, now: Date) {
  const hourAgo = new Date(now.getTime() - FAILING_WINDOW_MS).toISOString();
  const row = (await db.get<{ failing: number | null; tried: number }>(
    `SELECT sum(CASE WHEN status = 'sent' OR status = 'bounced' THEN 0 ELSE 1 END) AS failing, count(*) AS tried
     FROM outbox
     WHERE (status = 'queued' AND attempts > 0 AND created_at < ?)
        OR (status IN ('failed', 'sent', 'bounced') AND attempted_at >= ?)`,
    new Date(now.getTime() - outboxFailingMinutes * 60_000).toISOString(),
    hourAgo,
  ))!;
  return { count: Number(row.failing ?? 0), tried: Number(row.tried) };
}

/** What is wrong now: the alerts whose cause holds at `now`, read from the database and the disk. */
export async function activeAlerts(db: Database, settings: AlertSettings, now = new Date()): Promise<ActiveAlert[]> {
  const { siteUrl, outboxFailingMinutes: minutes } = settings;
  const active: ActiveAlert[] = [];
  const text = alertTexts;

  const failing = await failingShare(db, settings, now);
  if (
    failing.count >= settings.outboxFailingCount &&
    failing.count * 100 > settings.outboxFailingPercent * failing.tried
  )
    active.push({
      name: 'outbox-failing',
      cause: 'outbox-failing',
      title: text.outboxFailing.title(failing.count),
      meaning: text.outboxFailing.meaning(failing.count, failing.tried),
      link: { href: '/staff/outbox', label: text.outboxFailing.link },
      mail: {
        subject: text.outboxFailing.subject(failing.count),
        text: text.outboxFailing.text({ count: failing.count, tried: failing.tried, minutes, siteUrl }),
      },
    });

  // Bounced: one address refused is the address's (a typo, a made-up sign-up), counted and suppressed by its
  // feature; many within the hour is the mail server refusing the site (decision 063).
  const bounced = (await db.get<{ count: number }>(
    `SELECT count(DISTINCT coalesce(subscriber_id, -id)) AS count FROM outbox
     WHERE status = 'bounced' AND priority = 0 AND sent_at >= ?`,
    new Date(now.getTime() - BOUNCE_WINDOW_MS).toISOString(),
  ))!.count;
  if (bounced >= BOUNCE_BURST)
    active.push({
      name: 'outbox-bouncing',
      cause: 'outbox-bouncing',
      title: text.outboxBouncing.title(bounced),
      meaning: text.outboxBouncing.meaning,
      mail: {
        subject: text.outboxBouncing.subject(bounced),
        text: text.outboxBouncing.text({ count: bounced, siteUrl }),
      },
    });

  for (const { email, client } of await createSignInThrottle(db).locks(now.getTime()))
    active.push({
      name: 'staff-locked',
      cause: `staff-locked ${email}`,
      title: text.staffLocked.title(email),
      meaning: text.staffLocked.meaning(LOCK_MS / 60_000),
      mail: {
        subject: text.staffLocked.subject(email),
        text: text.staffLocked.text({
          email,
          client,
          siteUrl,
          failures: LOCK_AFTER_FAILURES,
          minutes: LOCK_MS / 60_000,
        }),
      },
    });

  const percent = await diskPercent(settings.dataDir);
  if (percent !== undefined && percent > settings.diskPercent)
    active.push({
      name: 'disk-full',
      cause: 'disk-full',
      title: text.diskFull.title(percent),
      meaning: text.diskFull.meaning(settings.diskPercent),
      mail: {
        subject: text.diskFull.subject(percent),
        text: text.diskFull.text({ percent, limit: settings.diskPercent, siteUrl }),
      },
    });
  return active;
}
