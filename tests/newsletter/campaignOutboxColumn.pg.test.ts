/**
 * A campaign's messages are found by their campaign's id (decision 095): those queued before the column was added
 * take it from their once-only key, so a campaign half-queued then is counted and cancelled whole after the update.
 */
import { afterAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db';
import { campaignMessagesById, migrations } from '../../server/db';
import { campaignStore } from '../../server/newsletter';
import { seedReaders, sendNow } from '../support/campaigns';
import { engines } from '../support/engines';
import { TEST_IDENTITY } from '../support/serverCommand';

const config = loadConfig({ ...TEST_IDENTITY, DATA_DIR: '/tmp', LOG_LEVEL: 'silent' });
const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

/** The schema up to the migration that gave the outbox its campaign column. */
const beforeColumn = migrations.indexOf(campaignMessagesById);

describe.each(engines)('a campaign queued before its messages had a campaign column on $engine', ({ older }) => {
  it('is counted and withdrawn by its id after the update', async () => {
    const { db: old, current } = await older(migrations.slice(0, beforeColumn));
    await seedReaders(old, 3);
    const id = await sendNow(old, config);
    const at = new Date().toISOString();
    // As that schema's runner queued them: the key names the campaign; another campaign's message beside them.
    for (const [key, subscriber] of [
      [`campaign:${id}:1`, 1],
      [`campaign:${id}:2`, 2],
      [`campaign:${id + 1}:3`, 3],
    ] as const)
      await old.run(
        `INSERT INTO outbox (kind, subscriber_id, payload, message_id, created_at, next_attempt_at, dedupe_key)
         VALUES ('newsletter-campaign', ?, '{}', ?, ?, ?, ?)`,
        subscriber,
        `<${key}@example.test>`,
        at,
        at,
        key,
      );
    await old.close();
    const db = await current();
    opened.push(db);
    const campaigns = campaignStore(db, config);
    expect(await campaigns.figures(id)).toMatchObject({ recipients: 2, queued: 2 });
    expect(await campaigns.figures(id + 1)).toMatchObject({ recipients: 1, queued: 1 });
    expect(await campaigns.cancel(id)).toBe(true);
    expect(await campaigns.figures(id)).toMatchObject({ recipients: 0 });
    expect(await campaigns.figures(id + 1)).toMatchObject({ queued: 1 });
  });
});
