import { afterAll, describe, expect, it } from 'vitest';

import { completeIdentity } from '../../server/config';
import { createAccountStore } from '../../server/console/accounts';
import { createSessionStore } from '../../server/console/sessions';
import { backoffMs, createSignInThrottle, LOCK_AFTER_FAILURES, LOCK_MS } from '../../server/console/signInThrottle';
import type { Database, Queryable } from '../../server/db';
import { migrations } from '../../server/db';
import { createRateLimitCounters, createWindowCounts } from '../../server/http/rateLimitCounters';
import { createInbox } from '../../server/leads/inbox';
import { createLeadStore } from '../../server/leads/store';
import { recordComplaint } from '../../server/newsletter/bounces';
import { confirmationHooks } from '../../server/newsletter/messages';
import type { Confirmation } from '../../server/newsletter/store';
import { createSubscriberStore } from '../../server/newsletter/store';
import { createSubscriberList } from '../../server/newsletter/subscriberList';
import type { NewOutboxMessage } from '../../server/outbox/store';
import { createOutboxStore } from '../../server/outbox/store';
import { noticeVersions } from '../../server/privacy/notices';
import { erasePersonalData, exportPersonalData } from '../../server/privacy/personalData';
import { purgeExpired } from '../../server/privacy/retention';
import { createFieldSpeed } from '../../server/vitals/fieldSpeed';
import { bucketOf } from '../../server/vitals/histogram';
import type { MetricName } from '../../server/vitals/metrics';
import { createVitalsStore } from '../../server/vitals/store';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { engines } from '../support/engines';
import { recordingLogger, testConfig } from '../support/helpers';
import { TEST_ANALYTICS_KEY } from '../support/serverCommand';
import { everyLead } from '../support/staffHelpers';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const lead = {
  ...EMPTY_CONTACT_VALUES,
  name: 'Ana Gómez',
  email: 'Ana@Example.com',
  company: 'Acme',
  message: 'We need a website.',
};
const client = { address: '203.0.113.7', userAgent: 'Test/1.0' };
const day = (date: Date) => date.toISOString().slice(0, 10);
const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1) + seconds * 1000);
const mail = (leadId: number): NewOutboxMessage => ({
  kind: 'lead-notification',
  leadId,
  mail: { to: 'hello@meridianlab.test', subject: 'New lead', text: 'Hi' },
});

/** A subscriber store whose confirmation e-mails are queued and kept in `sent`, for the test to read their tokens. */
function subscriberStore(db: Database, options?: Parameters<typeof createSubscriberStore>[2]) {
  const sent: Confirmation[] = [];
  const delivery = {
    outbox: createOutboxStore(db, 'meridianlab.test'),
    messagesFor: (confirmation: Confirmation): NewOutboxMessage[] => {
      sent.push(confirmation);
      const { subscriberId, email, confirmToken } = confirmation;
      return [
        {
          kind: 'newsletter-confirmation',
          subscriberId,
          mail: { to: email, subject: 'Confirm', text: confirmToken },
          secret: confirmToken,
        },
      ];
    },
    committed: () => {},
  };
  return { store: createSubscriberStore(db, delivery, options), sent };
}

describe.each(engines)('the stores on $engine', { timeout: 30_000 }, ({ open, older }) => {
  const fresh = async () => {
    const db = await open();
    opened.push(db);
    return db;
  };

  it('transactions: one not durable commits like any other, without waiting for the disk, for itself only', async () => {
    const db = await fresh();
    // What the commit waits for: SQLite's synchronous (2 FULL, 1 NORMAL), PostgreSQL's synchronous_commit.
    const waits = async (q: Queryable) =>
      db.engine === 'sqlite'
        ? String((await q.get<{ synchronous: number }>('PRAGMA synchronous'))!.synchronous)
        : (await q.get<{ synchronous_commit: string }>('SHOW synchronous_commit'))!.synchronous_commit;
    const durable = db.engine === 'sqlite' ? '2' : 'on';
    const light = db.engine === 'sqlite' ? '1' : 'off';
    expect(await db.transaction((tx) => waits(tx))).toBe(durable);
    const during = await db.transaction(
      async (tx) => {
        await tx.run("INSERT INTO settings (key, value) VALUES ('light', '1')");
        return waits(tx);
      },
      { durable: false },
    );
    expect(during).toBe(light);
    expect(await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'light'")).toEqual({ value: '1' });
    // The next commit waits for the disk again, and so covers the light one's (decision 089).
    expect(await waits(db)).toBe(durable);
    expect(await db.transaction((tx) => waits(tx))).toBe(durable);
  });

  it('leads: stores a lead with its messages in one transaction, or neither', async () => {
    const db = await fresh();
    const outbox = createOutboxStore(db, 'meridianlab.test');
    let committed = 0;
    const leads = createLeadStore(
      db,
      {
        outbox,
        messagesFor: (stored) => [mail(stored.id)],
        committed: () => (committed += 1),
      },
      TEST_ANALYTICS_KEY.ANALYTICS_KEY,
    );
    const id = await leads.add(lead, client, at(0));
    expect(committed).toBe(1);
    expect(await leads.all()).toEqual([
      expect.objectContaining({
        id,
        name: 'Ana Gómez',
        receivedAt: at(0).toISOString(),
        clientHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(await outbox.stats(at(0))).toMatchObject({ queued: 1 });

    const failing = createLeadStore(db, {
      outbox,
      messagesFor: () => {
        throw new Error('composing failed');
      },
      committed: () => {},
    });
    await expect(failing.add(lead, client)).rejects.toThrow('composing failed');
    expect(await leads.all()).toHaveLength(1);
    expect(await outbox.stats()).toMatchObject({ queued: 1 });
  });

  it('leads: keep the language they were written in, English when not said', async () => {
    const db = await fresh();
    const leads = createLeadStore(db);
    await leads.add({ ...lead, locale: 'es' }, client);
    await leads.add(lead, client);
    expect((await leads.all()).map((row) => row.locale)).toEqual(['es', 'en']);
    expect(
      (
        await everyLead(createInbox(db), {
          status: '',
          service: '',
          search: '',
          source: '',
          campaign: '',
          owner: '',
          due: '',
        })
      ).map((row) => row.locale),
    ).toEqual(['en', 'es']);
  });

  it('outbox: leases each due message to one worker at a time, then marks it sent or retries it', async () => {
    const db = await fresh();
    const outbox = createOutboxStore(db, 'meridianlab.test');
    const leadId = await createLeadStore(db).add(lead, client);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await outbox.enqueue(mail(leadId), at(0), tx);
      await outbox.enqueue({ kind: 'lead-webhook', leadId, body: { ok: true } }, at(0), tx);
    });
    // Ten workers claim at once: every message goes to exactly one of them.
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => outbox.lease(['lead-notification'], 60_000, 5, at(1))),
    );
    const ids = claims.flat().map((message) => message.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await outbox.lease(['lead-notification'], 60_000, 5, at(30))).toEqual([]);

    const [first, second] = claims.flat();
    await outbox.markSent(first!, at(2));
    await outbox.markAttemptFailed(second!, 'SMTP 451', at(600));
    await outbox.markAttemptFailed(claims.flat()[2]!, 'SMTP 550', null);
    const pending = await outbox.pending();
    expect(pending.find((entry) => entry.id === second!.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMTP 451',
    });
    expect(await outbox.stats(at(2))).toMatchObject({ sent: 1, failed: 1, queued: 29 });
    expect(await outbox.retry(first!.id)).toBe('sent');
    expect(await outbox.retry(99_999)).toBe('missing');
    expect(await outbox.retryFailed()).toBe(1);
    // The lease ran out: another worker may take the rest over; the webhook waits for a worker that claims its kind.
    const retaken = await outbox.lease(['lead-notification'], 60_000, 100, at(62));
    expect(retaken.every((message) => message.kind === 'lead-notification')).toBe(true);
    expect(await outbox.lease(['lead-webhook'], 60_000, 10, at(62))).toEqual([
      expect.objectContaining({ kind: 'lead-webhook', payload: { body: { ok: true } } }),
    ]);
  });

  it('subscribers: one row per address whatever its case, double opt-in, unsubscribe, suppression', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    await store.signUp('Reader@Example.com', { now: at(0) });
    await store.signUp('reader@EXAMPLE.com', { now: at(60) });
    expect(sent).toHaveLength(1);
    expect(await store.consented()).toEqual([]);
    expect(await store.confirm('wrong', at(120))).toBe('invalid');
    expect(await store.confirm(sent[0]!.confirmToken, at(120))).toBe('confirmed');
    expect(await store.confirm(sent[0]!.confirmToken, at(121))).toBe('invalid');
    expect(await store.consented()).toEqual([
      {
        email: 'Reader@Example.com',
        signedUpAt: at(0).toISOString(),
        confirmedAt: at(120).toISOString(),
        notice: noticeVersions.newsletter,
        consentChannel: 'newsletter box on /blog',
      },
    ]);
    expect(await store.unsubscribe(sent[0]!.unsubscribeToken, at(200))).toBe('unsubscribed');
    expect(await store.unsubscribe(`${sent[0]!.subscriberId}.${'A'.repeat(43)}`)).toBe('invalid');
    expect(await store.consented()).toEqual([]);
    // The purge keeps an unsubscribed address only as a suppression hash, and the proof of its consent (decision 067).
    expect(await purgeExpired(db, at(300))).toMatchObject({ unsubscribed: 1 });
    expect(await exportPersonalData(db, 'reader@example.com')).toMatchObject({
      subscription: null,
      suppressed: true,
      consents: [{ purpose: 'newsletter', given_at: at(120).toISOString(), ended_at: at(200).toISOString() }],
    });
  });

  it('subscribers: an address keeps the language it first signed up in, and its e-mails are written in it', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    await store.signUp('lectora@example.com', { now: at(0), locale: 'es' });
    await store.signUp('LECTORA@example.com', { now: at(2 * 3600), locale: 'en' });
    await store.signUp('reader@example.com', { now: at(0) });
    // The second sign-up, in English, gets a new link in the first one's language.
    expect(sent.map(({ email, locale }) => ({ email, locale }))).toEqual([
      { email: 'lectora@example.com', locale: 'es' },
      { email: 'lectora@example.com', locale: 'es' },
      { email: 'reader@example.com', locale: 'en' },
    ]);
  });

  it('subscribers: three confirmation e-mails a day per mailbox, however it is spelt', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    const sentTo = () => sent.map((confirmation) => confirmation.email);
    for (const email of ['ana.b@gmail.com', 'anab+1@googlemail.com', 'A.n.A.b@gmail.com', 'anab+news@gmail.com'])
      await store.signUp(email, { now: at(0) });
    expect(sentTo()).toEqual(['ana.b@gmail.com', 'anab+1@googlemail.com', 'A.n.A.b@gmail.com']);
    expect(await db.get('SELECT count(*) AS n FROM subscribers WHERE confirmation_sent_at IS NULL')).toEqual({ n: 1 });
    // The mailbox's day is not over an hour later; another mailbox of the domain is not held back.
    await store.signUp('anab+later@gmail.com', { now: at(3600) });
    await store.signUp('someone.else@gmail.com', { now: at(3600) });
    expect(sentTo().slice(3)).toEqual(['someone.else@gmail.com']);
  });

  it('subscribers: confirmation e-mails are budgeted per client, per domain and per hour: past one, a later hour; past a day, none', async () => {
    const db = await fresh();
    const { logger, lines } = recordingLogger();
    const { store } = subscriberStore(db, { confirmationsPerHour: 20, logger });
    const hour = 3600;
    const now = at(600); // ten minutes into an hour
    const capped = () => lines().filter((line) => line.level === 50 && /hourly cap/.test(String(line.msg)));
    // A client's hour holds 3 % of the site's (1 of 20): its next sign-ups go to the next hours.
    expect(await store.schedule('a@one.test', 'client-1', now)).toEqual(now);
    expect(await store.schedule('b@one.test', 'client-1', now)).toEqual(at(hour));
    expect(await store.schedule('c@one.test', 'client-1', now)).toEqual(at(2 * hour));
    // Another client is not held back by it; a domain's hour holds 30 % (6 of 20).
    for (let n = 2; n <= 6; n++) expect(await store.schedule(`x${n}@one.test`, `client-${n}`, now)).toEqual(now);
    // The domain's seventh goes to the next hour, after the one booked there: an hour's e-mails 3 minutes apart.
    expect(await store.schedule('y@one.test', 'client-7', now)).toEqual(at(hour + 180));
    expect(capped()).toEqual([]);
    // The site's hour holds 20: 14 more on other domains fill it, and the next is late, with one error logged.
    for (let n = 8; n <= 21; n++) expect(await store.schedule(`z@site${n}.test`, `client-${n}`, now)).toEqual(now);
    expect(await store.schedule('late@site22.test', 'client-22', now)).toEqual(at(hour + 360));
    expect(await store.schedule('later@site23.test', 'client-23', now)).toEqual(at(hour + 540));
    expect(capped()).toHaveLength(1);
    // A client books a day ahead at most: client-1 holds hours 0 to 2, 21 more fill its day, then none.
    for (let n = 3; n < 24; n++)
      expect(await store.schedule(`more${n}@two.test`, 'client-1', now)).toEqual(at(n * hour));
    expect(await store.schedule('none@two.test', 'client-1', now)).toBeUndefined();
    // An hour on, the day ahead reaches one hour further.
    expect(await store.schedule('next@two.test', 'client-1', at(hour + 600))).toEqual(at(24 * hour));
    // The counts hold neither the client nor the domain, only their salted hashes, each until its hour ends.
    const counts = await db.all<{ key: string; reset_at: number }>('SELECT key, reset_at FROM rate_limit_hits');
    expect(JSON.stringify(counts)).not.toMatch(/client-|one\.test|two\.test/);
    expect(Math.max(...counts.map((row) => Number(row.reset_at)))).toBe(at(25 * hour).getTime());
  });

  it('subscribers: a late confirmation is queued for its time, its link works 7 days from then, and it goes only while its link works', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    const outbox = createOutboxStore(db, 'meridianlab.test');
    const hooks = confirmationHooks(db, completeIdentity(testConfig().identity)!)['newsletter-confirmation']!;
    const hour = 3600;
    const day = 24 * hour;
    const due = async (seconds: number) =>
      (await outbox.lease(['newsletter-confirmation'], 60_000, 10, at(seconds))).map((message) => message.subscriberId);
    await store.signUp('late@example.com', { now: at(0), locale: 'en', due: at(hour) });
    await store.signUp('later@example.com', { now: at(0), locale: 'en', due: at(2 * hour) });
    const [late, later] = sent;
    expect(await due(hour - 1)).toEqual([]);
    expect(await due(hour)).toEqual([late!.subscriberId]);
    // A sign-up whose e-mail is still to go gets no second one meanwhile.
    await store.signUp('later@example.com', { now: at(2 * hour - 60) });
    expect(sent).toHaveLength(2);
    // The link works 7 days from its e-mail, and its sign-up is kept that long, past its own 7 days.
    expect(await purgeExpired(db, at(7 * day + hour))).toMatchObject({ pendingSubscribers: 0 });
    expect(await store.confirm(late!.confirmToken, at(7 * day + hour - 1))).toBe('confirmed');
    expect(await store.confirm(later!.confirmToken, at(7 * day + 2 * hour))).toBe('invalid');
    expect(await purgeExpired(db, at(7 * day + 2 * hour + 1))).toMatchObject({ pendingSubscribers: 1 });

    // Unsubscribed (from an earlier e-mail) before it goes: skipped at its turn, its link being revoked.
    await store.signUp('leaving@example.com', { now: at(8 * day), locale: 'en', due: at(8 * day + hour) });
    const queued = (await outbox.lease(['newsletter-confirmation'], 60_000, 10, at(8 * day + hour))).find(
      (message) => message.subscriberId === sent[2]!.subscriberId,
    );
    expect(await hooks.compose!(queued!)).toEqual(queued);
    const token = (await store.unsubscribeToken(queued!.subscriberId!))!;
    expect(await store.unsubscribe(token, at(8 * day + 60))).toBe('unsubscribed');
    expect(await hooks.compose!(queued!)).toEqual({ skip: 'link revoked' });
  });

  it('subscribers: an erased or unsubscribed address is asked to consent again at most once in 30 days', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    await erasePersonalData(db, 'gone@example.com', at(0));
    await store.signUp('gone@example.com', { now: at(0) });
    await store.signUp('GONE@example.com', { now: at(2 * 3600) });
    expect(sent).toHaveLength(1);
    await store.signUp('gone@example.com', { now: at(31 * 86_400) });
    expect(sent).toHaveLength(2);
    // The owner's confirmation lifts the suppression.
    expect(await store.confirm(sent[1]!.confirmToken, at(31 * 86_400 + 60))).toBe('confirmed');
    expect((await exportPersonalData(db, 'gone@example.com')).suppressed).toBe(false);
    // Unsubscribed, not yet purged: the same rule.
    expect(await store.unsubscribe(sent[1]!.unsubscribeToken, at(32 * 86_400))).toBe('unsubscribed');
    await store.signUp('gone@example.com', { now: at(32 * 86_400 + 7200) });
    expect(sent).toHaveLength(2);
  });

  it('subscribers: a sign-up says whether the address newly asks to join, for the analytics to count it once', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    const hour = 3600;
    expect(await store.signUp('back@example.com', { now: at(0) })).toBe(true);
    // Pending: a repeat, in any case, with or without a new link, asks nothing new.
    expect(await store.signUp('BACK@example.com', { now: at(60) })).toBe(false);
    expect(await store.signUp('back@example.com', { now: at(2 * hour) })).toBe(false);
    expect(sent).toHaveLength(2);
    expect(await store.confirm(sent[1]!.confirmToken, at(2 * hour + 60))).toBe('confirmed');
    expect(await store.signUp('back@example.com', { now: at(3 * hour) })).toBe(false);
    // Unsubscribed: asking again is new once, when a link to consent goes; its repeats are not.
    expect(await store.unsubscribe(sent[1]!.unsubscribeToken, at(4 * hour))).toBe('unsubscribed');
    expect(await store.signUp('back@example.com', { now: at(4 * hour + 60) })).toBe(true);
    expect(await store.signUp('back@example.com', { now: at(6 * hour) })).toBe(false);
    expect(sent).toHaveLength(3);
    // Taken off the list by the staff while pending: a later sign-up asks anew.
    expect(await store.signUp('removed@example.com', { now: at(0) })).toBe(true);
    await createSubscriberList(db).remove(sent[3]!.subscriberId, at(hour));
    expect(await store.signUp('removed@example.com', { now: at(2 * hour) })).toBe(true);
    expect(await store.signUp('removed@example.com', { now: at(4 * hour) })).toBe(false);
    // Erased, the address is new again.
    await erasePersonalData(db, 'back@example.com', at(7 * hour));
    expect(await store.signUp('back@example.com', { now: at(8 * hour) })).toBe(true);
  });

  it('subscribers: taking a pending address off the list revokes its link; only a new sign-up brings it back', async () => {
    const db = await fresh();
    const { store, sent } = subscriberStore(db);
    const hour = 3600;
    const list = createSubscriberList(db);
    await store.signUp('removed@example.com', { now: at(0) });
    await store.signUp('reported@example.com', { now: at(0) });
    await store.signUp('erased@example.com', { now: at(0) });
    // The staff's removal, a provider's complaint, an erasure: the e-mail's link from before confirms nothing.
    expect(await list.remove(sent[0]!.subscriberId, at(60))).toBe(true);
    expect(await recordComplaint(db, 'reported@example.com', at(60))).toBe(true);
    await erasePersonalData(db, 'erased@example.com', at(60));
    for (const { confirmToken } of sent) expect(await store.confirm(confirmToken, at(120))).toBe('invalid');
    expect(await store.consented()).toEqual([]);
    expect(await list.pending(100)).toEqual({ subscribers: [], total: 0 });
    // Signing up again asks anew, counted once, and the new link works where the old one still does not.
    for (const address of ['removed@example.com', 'reported@example.com', 'erased@example.com'])
      expect(await store.signUp(address, { now: at(2 * hour) })).toBe(true);
    expect(sent).toHaveLength(6);
    for (const { confirmToken } of sent.slice(0, 3))
      expect(await store.confirm(confirmToken, at(2 * hour + 60))).toBe('invalid');
    for (const { confirmToken } of sent.slice(3))
      expect(await store.confirm(confirmToken, at(2 * hour + 60))).toBe('confirmed');
    expect((await store.consented()).map(({ email }) => email).sort()).toEqual([
      'erased@example.com',
      'removed@example.com',
      'reported@example.com',
    ]);
  });

  it('personal data: exports and erases everything about an address, whatever its case', async () => {
    const db = await fresh();
    const leads = createLeadStore(db, {
      outbox: createOutboxStore(db, 'meridianlab.test'),
      messagesFor: (stored) => [mail(stored.id)],
      committed: () => {},
    });
    const id = await leads.add(lead, client);
    await leads.add({ ...lead, email: 'someone@else.test' }, client);
    await createInbox(db).addNote(id, 'Called back', 'sam@meridianlab.test');
    const data = await exportPersonalData(db, 'ana@example.com');
    expect(data.leads).toEqual([
      expect.objectContaining({ id, notes: [expect.objectContaining({ body: 'Called back' })] }),
    ]);
    expect(data.messages).toHaveLength(1);
    expect(await erasePersonalData(db, 'ANA@example.com')).toEqual({
      leads: 1,
      notes: 1,
      statusChanges: 0,
      messages: 1,
      subscriptions: 0,
      bookings: 0,
    });
    expect((await leads.all()).map((row) => row.email)).toEqual(['someone@else.test']);
  });

  it('staff: accounts whatever the case, and sessions that end', async () => {
    const db = await fresh();
    const accounts = createAccountStore(db);
    const password = { hash: 'h', salt: 's', params: { N: 1024, r: 8, p: 1, keyLength: 32 } };
    expect(await accounts.add('Ana@MeridianLab.test', password)).toBe(true);
    expect(await accounts.add('ana@meridianlab.test', password)).toBe(false);
    const account = (await accounts.find('ANA@meridianlab.TEST'))!;
    expect(account.password).toEqual(password);
    const sessions = createSessionStore(db);
    const token = await sessions.create(account.id, at(0));
    expect(await sessions.resume(token, at(60))).toMatchObject({
      accountId: account.id,
      email: 'Ana@MeridianLab.test',
    });
    expect(await sessions.resume(token, at(60 + 31 * 60))).toBeUndefined();
    const other = await sessions.create(account.id);
    expect(await accounts.disable('ana@meridianlab.test')).toBe(true);
    expect(await sessions.resume(other)).toBeUndefined();
  });

  it('sign-in throttle: reserves attempts atomically, locks an address for one client only, for a while', async () => {
    const db = await fresh();
    const throttle = createSignInThrottle(db);
    const ms = (seconds: number) => at(seconds).getTime();
    // Ten parallel attempts from one client: the three free ones are reserved, the others wait.
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => throttle.reserve('ana@lab.test', '10.0.0.1', ms(0))),
    );
    expect(parallel.filter((attempt) => attempt.kind === 'reserved')).toHaveLength(3);
    expect(parallel.filter((attempt) => attempt.kind === 'wait')).toEqual(Array(7).fill({ kind: 'wait', seconds: 1 }));
    // A client that failed elsewhere waits for the address too; one with no failure of its own gets its try.
    expect(await throttle.reserve('other@lab.test', '10.0.0.2', ms(0))).toEqual({ kind: 'reserved', failures: 1 });
    expect(await throttle.reserve('ANA@lab.test', '10.0.0.2', ms(0))).toEqual({ kind: 'wait', seconds: 1 });
    expect(await throttle.reserve('ana@lab.test', '10.0.0.3', ms(0))).toEqual({ kind: 'reserved', failures: 1 });

    // Ten failures in a row from one client, each after its wait, lock the address for that client.
    let time = 0;
    for (let failures = 1; failures <= LOCK_AFTER_FAILURES; failures++) {
      if (failures > 1) time += backoffMs(failures - 1) / 1000;
      expect(await throttle.reserve('eve@lab.test', '10.0.0.4', ms(time))).toEqual({ kind: 'reserved', failures });
    }
    expect(await throttle.reserve('eve@lab.test', '10.0.0.4', ms(time))).toEqual({ kind: 'locked', seconds: 1800 });
    expect(await throttle.reserve('eve@lab.test', '10.0.0.5', ms(time + 1))).toMatchObject({ kind: 'reserved' });
    // The lock ends by itself; the next failure locks again.
    const after = time + LOCK_MS / 1000;
    expect(await throttle.reserve('eve@lab.test', '10.0.0.4', ms(after + 1))).toEqual({
      kind: 'reserved',
      failures: 11,
    });
    expect(await throttle.reserve('eve@lab.test', '10.0.0.4', ms(after + 2))).toMatchObject({ kind: 'locked' });
    // The CLI's unlock clears the address from every client; an address with nothing to clear says so.
    expect(await throttle.unlock('EVE@lab.test')).toBe(true);
    expect(await throttle.unlock('eve@lab.test')).toBe(false);

    // A success forgets the address's failures and gives the client its attempt back.
    for (let i = 0; i < 3; i++) await throttle.reserve('bob@lab.test', '10.0.0.6', ms(0));
    await throttle.succeed('bob@lab.test', '10.0.0.6', ms(0));
    expect(await throttle.reserve('bob@lab.test', '10.0.0.6', ms(0))).toEqual({ kind: 'reserved', failures: 1 });
    // A quiet day forgets, and the daily purge deletes what it forgot.
    for (let i = 0; i < 5; i++) await throttle.reserve('kim@lab.test', '10.0.0.7', ms(i * 60));
    expect(await throttle.reserve('kim@lab.test', '10.0.0.7', ms(24 * 3600 + 300))).toEqual({
      kind: 'reserved',
      failures: 1,
    });
    expect(await purgeExpired(db, at(3 * 24 * 3600))).toMatchObject({ signInFailures: expect.any(Number) });
    expect(await db.all('SELECT key FROM staff_sign_in_attempts')).toEqual([]);
  });

  it('inbox: filters and searches without regard to case, and moves a status only from the one seen', async () => {
    const db = await fresh();
    const leads = createLeadStore(db);
    const id = await leads.add(
      { ...lead, service: 'web-subscription', message: 'Need 100% uptime', source: 'newsletter', campaign: 'nov' },
      client,
      at(0),
    );
    await leads.add({ ...lead, name: 'Ben', email: 'ben@example.com', message: 'Hello' }, client, at(10));
    const inbox = createInbox(db);
    const all = { status: '', service: '', search: '', source: '', campaign: '', owner: '', due: '' } as const;
    expect(await inbox.page(all, null, 1)).toMatchObject({
      total: 2,
      leads: [expect.objectContaining({ name: 'Ben', statusChangedAt: at(10).toISOString() })],
    });
    expect((await everyLead(inbox, { ...all, search: 'ana@EXAMPLE' })).map((row) => row.id)).toEqual([id]);
    expect((await everyLead(inbox, { ...all, search: '100%' })).map((row) => row.id)).toEqual([id]);
    expect(await everyLead(inbox, { ...all, search: '_' })).toEqual([]);
    expect((await everyLead(inbox, { ...all, service: 'web-subscription' })).map((row) => row.id)).toEqual([id]);
    // By the visit's source and campaign (decision 047).
    expect((await everyLead(inbox, { ...all, source: 'newsletter' })).map((row) => row.id)).toEqual([id]);
    expect((await everyLead(inbox, { ...all, campaign: 'nov' })).map((row) => row.id)).toEqual([id]);
    expect(await everyLead(inbox, { ...all, source: 'newsletter', campaign: 'dec' })).toEqual([]);
    expect(await inbox.changeStatus(id, { from: 'new', to: 'contacted', staffEmail: 'sam@meridianlab.test' })).toEqual({
      ok: true,
    });
    expect(await inbox.changeStatus(id, { from: 'new', to: 'contacted', staffEmail: 'kim@meridianlab.test' })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(await inbox.addNote(id, 'Called', 'sam@meridianlab.test')).toBe(true);
    expect(await inbox.addNote(99_999, 'Nobody', 'sam@meridianlab.test')).toBe(false);
    expect(await inbox.detail(id)).toMatchObject({
      lead: { status: 'contacted' },
      events: [{ from: 'new', to: 'contacted' }],
      notes: [{ body: 'Called' }],
    });
    expect(await inbox.waitingSince(at(60))).toBe(1);
    expect(await inbox.outbox()).toEqual({ queued: 0, sent: 0, failed: 0, oldestQueuedAt: null });
  });

  it('vitals: counts concurrent beacons in daily histograms without losing one, and gives p75 by nearest rank', async () => {
    const db = await fresh();
    const vitals = createVitalsStore(db);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const lcp = (value: number, device: 'mobile' | 'desktop' = 'desktop') => ({
      label: '/',
      device,
      samples: [{ name: 'LCP' as const, value }],
    });
    await Promise.all(
      [1000, 2000, 3000, 4000].map((value, index) =>
        vitals.add(lcp(value, index % 2 ? 'mobile' : 'desktop'), daysAgo(1)),
      ),
    );
    await Promise.all(Array.from({ length: 40 }, () => vitals.add(lcp(5000), daysAgo(0))));
    expect(
      await db.all('SELECT series, device, count FROM daily_counts WHERE day = ? ORDER BY series', day(now)),
    ).toEqual([
      { series: 'LCP', device: 'desktop', count: 40 },
      { series: 'samples', device: '', count: 40 },
    ]);
    const speed = createFieldSpeed(db);
    // Rank 33 of 44 is a 5000: the p75 lies in its bucket, about 10 % wide.
    const [summary] = await speed.summary('', now);
    expect(summary).toMatchObject({ route: '/', metric: 'LCP', last7: { samples: 44 }, last28: { samples: 44 } });
    expect(bucketOf('LCP', summary!.last7!.p75)).toBe(bucketOf('LCP', 5000));
    expect((await speed.summary('mobile', now))[0]).toMatchObject({ last7: { samples: 2 } });
    expect(bucketOf('LCP', (await speed.summary('mobile', now))[0]!.last7!.p75)).toBe(bucketOf('LCP', 4000));
    expect((await speed.trend('LCP', '/', '', now)).map((row) => row.samples)).toEqual([4, 40]);
  });

  it('vitals: keeps a day’s samples up to the cap across concurrent beacons, and says once that it was reached', async () => {
    const db = await fresh();
    const vitals = createVitalsStore(db, 10);
    const beacon = {
      label: '/',
      device: 'mobile' as const,
      samples: [
        { name: 'INP' as const, value: 120 },
        { name: 'CLS' as const, value: 0 },
      ],
    };
    const stored = await Promise.all(Array.from({ length: 8 }, () => vitals.add(beacon, at(0))));
    expect(stored.reduce((sum, { kept }) => sum + kept, 0)).toBe(10);
    expect(stored.filter(({ capReached }) => capReached)).toHaveLength(1);
    expect(await db.get("SELECT sum(count) AS kept FROM daily_counts WHERE series <> 'samples'")).toEqual({ kept: 10 });
    // The next day starts again from nothing.
    expect(await vitals.add(beacon, at(86_400))).toEqual({ kept: 2, capReached: false });
  });

  it('vitals: the daily purge deletes the days past the period, whole', async () => {
    const db = await fresh();
    const vitals = createVitalsStore(db);
    const now = new Date(Date.UTC(2025, 5, 1, 12));
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    for (const days of [91, 90, 89])
      await vitals.add({ label: '/', device: 'mobile', samples: [{ name: 'TTFB', value: 300 }] }, daysAgo(days));
    // The day 90 days ago is not over yet 90 days later: it stays until tomorrow's purge.
    expect(await purgeExpired(db, now)).toMatchObject({ vitals: 2 });
    expect(
      (await db.all<{ day: string }>('SELECT DISTINCT day FROM daily_counts ORDER BY day')).map((row) => row.day),
    ).toEqual([day(daysAgo(90)), day(daysAgo(89))]);
  });

  it('vitals: the migration carries the raw rows into the histograms as the beacon now takes them, then drops them', async () => {
    const counted = migrations.findIndex(
      (step) => typeof step !== 'string' && step.sqlite.includes('CREATE TABLE daily_counts'),
    );
    const { db: old, current } = await older(migrations.slice(0, counted));
    const raw: [string, string, string, number, string, string | null][] = [
      ['2025-03-01T10:00:00.000Z', '/services', 'LCP', 812.4, 'good', 'desktop'],
      ['2025-03-01T10:00:00.000Z', '/services', 'CLS', 0, 'good', 'desktop'],
      ['2025-03-01T11:00:00.000Z', '/services', 'LCP', 830, 'good', 'desktop'],
      // One beacon's repeats count once; an edge keeps its rating's bucket.
      ['2025-03-01T12:00:00.000Z', '/', 'INP', 200, 'good', 'mobile'],
      ['2025-03-01T12:00:00.000Z', '/', 'INP', 200, 'good', 'mobile'],
      ['2025-03-01T12:00:00.000Z', '/', 'LCP', 4000, 'needs-improvement', 'mobile'],
      // Forged: a rating its value does not have, an hour-long LCP.
      ['2025-03-01T13:00:00.000Z', '/', 'INP', 600, 'good', 'mobile'],
      ['2025-03-01T13:00:00.000Z', '/', 'LCP', 3_600_000, 'poor', 'mobile'],
      // Articles under their route's pattern; a row from before the device class.
      ['2025-03-02T09:00:00.000Z', '/blog/some-post', 'FCP', 1000, 'good', 'mobile'],
      ['2025-03-02T09:30:00.000Z', '/es/blog/un-articulo', 'TTFB', 2000, 'poor', null],
    ];
    for (const row of raw)
      await old.run(
        'INSERT INTO vitals (received_at, route, metric, value, rating, device_class) VALUES (?, ?, ?, ?, ?, ?)',
        ...row,
      );
    await old.close();
    const db = await current();
    opened.push(db);
    const rows = await db.all<{ buckets: string }>(
      'SELECT day, series, label, device, count, CAST(buckets AS TEXT) AS buckets FROM daily_counts',
    );
    const histogram = (name: MetricName, ...values: number[]) =>
      Object.fromEntries(
        values.map((value) => [
          bucketOf(name, value),
          values.filter((other) => bucketOf(name, other) === bucketOf(name, value)).length,
        ]),
      );
    expect(rows.map((row) => ({ ...row, buckets: JSON.parse(row.buckets) }))).toEqual(
      expect.arrayContaining([
        {
          day: '2025-03-01',
          series: 'LCP',
          label: '/services',
          device: 'desktop',
          count: 2,
          buckets: histogram('LCP', 812.4, 830),
        },
        {
          day: '2025-03-01',
          series: 'CLS',
          label: '/services',
          device: 'desktop',
          count: 1,
          buckets: histogram('CLS', 0),
        },
        { day: '2025-03-01', series: 'INP', label: '/', device: 'mobile', count: 1, buckets: histogram('INP', 200) },
        { day: '2025-03-01', series: 'LCP', label: '/', device: 'mobile', count: 1, buckets: histogram('LCP', 4000) },
        {
          day: '2025-03-02',
          series: 'FCP',
          label: '/blog/:slug',
          device: 'mobile',
          count: 1,
          buckets: histogram('FCP', 1000),
        },
        {
          day: '2025-03-02',
          series: 'TTFB',
          label: '/es/blog/:slug',
          device: '',
          count: 1,
          buckets: histogram('TTFB', 2000),
        },
      ]),
    );
    expect(rows).toHaveLength(6);
    await expect(db.all('SELECT * FROM vitals')).rejects.toThrow();
  });

  it('rate-limit counters: one count per key and window, shared by every limiter on the database', async () => {
    const db = await fresh();
    const counters = createRateLimitCounters(db);
    const a = counters('contact');
    const b = counters('contact');
    a.init({ windowMs: 60_000 });
    b.init({ windowMs: 60_000 });
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).increment('203.0.113.7')));
    expect(hits.map((hit) => hit.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(hits[0]!.resetTime!.getTime()).toBeGreaterThan(Date.now());
    expect((await counters('subscribe').increment('203.0.113.7')).totalHits).toBe(1);
    await a.decrement('203.0.113.7');
    expect((await b.increment('203.0.113.7')).totalHits).toBe(20);
    await a.resetKey('203.0.113.7');
    expect((await b.increment('203.0.113.7')).totalHits).toBe(1);
  });

  it('rate-limit counters: keep a salted hash of the client address, never the address, and only while its window lasts', async () => {
    const db = await fresh();
    const counters = createRateLimitCounters(db);
    const contact = counters('contact');
    contact.init({ windowMs: 60_000 });
    await contact.increment('203.0.113.7');
    await contact.increment('2001:db8:abcd:1200::/56');
    const keys = (await db.all<{ key: string }>('SELECT key FROM rate_limit_hits ORDER BY key')).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^contact:[0-9a-f]{64}$/);
    expect(JSON.stringify(await db.all('SELECT * FROM rate_limit_hits'))).not.toMatch(/203\.0\.113|2001:db8/);

    // A window that is over is swept with the next count after ten minutes, whoever's it was.
    const counts = createWindowCounts();
    const t0 = Date.now();
    await counts.hit(db, { name: 'contact', key: '198.51.100.1', windowMs: 60_000, now: t0 });
    expect(await db.get('SELECT count(*) AS n FROM rate_limit_hits')).toEqual({ n: 3 });
    await counts.hit(db, { name: 'contact', key: '198.51.100.2', windowMs: 60_000, now: t0 + 11 * 60_000 });
    expect(await db.get('SELECT count(*) AS n FROM rate_limit_hits')).toEqual({ n: 1 });
  });

  it('window counts: count up to a limit and no further, atomically, until the window is over', async () => {
    const db = await fresh();
    const counts = createWindowCounts();
    const t0 = Date.UTC(2025, 0, 1);
    const mail = (now: number) => ({ name: 'mails', key: 'ana@example.com', windowMs: 3_600_000, now, limit: 3 });
    const taken = await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => counts.hit(tx, mail(t0)))));
    expect(
      taken
        .filter(Boolean)
        .map((hit) => hit!.hits)
        .sort(),
    ).toEqual([1, 2, 3]);
    await counts.unhit(db, 'mails', 'ana@example.com');
    expect(await counts.hit(db, mail(t0 + 1))).toEqual({
      hits: 3,
      resetAt: t0 + 3_600_000,
    });
    expect(await counts.hit(db, mail(t0 + 2))).toBeUndefined();
    expect(await counts.hit(db, mail(t0 + 3_600_000))).toEqual({
      hits: 1,
      resetAt: t0 + 7_200_000,
    });
  });

  it("ids: a deleted lead's or subscriber's id is never handed out again", async () => {
    const db = await fresh();
    const leads = createLeadStore(db);
    const subscribers = createSubscriberStore(db);
    const first = await leads.add(lead, client);
    await subscribers.signUp('gone@example.com', { now: at(0) });
    await erasePersonalData(db, 'ana@example.com');
    await erasePersonalData(db, 'gone@example.com');
    expect(await leads.add(lead, client)).toBeGreaterThan(first);
    await subscribers.signUp('next@example.com', { now: at(1) });
    expect(await db.get('SELECT id FROM subscribers')).toEqual({ id: 2 });
  });

  it('answers the readiness check', async () => {
    expect(await (await fresh()).ready()).toBe(true);
  });
});
