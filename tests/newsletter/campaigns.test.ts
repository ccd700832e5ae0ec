import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { campaignStore } from '../../server/newsletter';
import { erasePersonalData } from '../../server/privacy/personalData';
import { createSuppressions } from '../../server/privacy/suppressions';
import { UNSUBSCRIBE_PATH } from '../../shared/model/newsletter';
import { localizePath } from '../../shared/routes';
import {
  announced,
  campaignApp,
  campaignContent,
  readerAddress,
  readerLocale,
  seedReaders,
  sendNow,
} from '../support/campaigns';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL } from '../support/helpers';
import type { ReceivedMail } from '../support/mailServer';
import { header, rawHeader } from '../support/mailServer';
import { npmRun } from '../support/serverProcess';
import { until } from '../support/waits';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const recipientOf = (mail: ReceivedMail) => mail.recipients[0]!;
const unsubscribeLink = (mail: ReceivedMail) => /^<([^>]+)>$/.exec(rawHeader(mail, 'list-unsubscribe') ?? '')?.[1];
/** A campaign all queued, and none of it still waiting in the outbox. */
const allSent = (app: TestApp, id: number) => async () =>
  (await app.db.get<{ queued_at: string | null }>('SELECT queued_at FROM campaigns WHERE id = ?', id))!.queued_at !==
    null && (await campaignStore(app.db, app.config).figures(id)).queued === 0;

describe('a newsletter campaign', { timeout: 300_000 }, () => {
  it('reaches each of 500 confirmed subscribers once, in their language, with their own working unsubscribe link; the rest get nothing', async () => {
    const { app, smtp, start, stopWhenDone } = await campaignApp(cleanups);
    await seedReaders(app.db, 506);
    // Never on the list: a pending sign-up and an address that unsubscribed before the campaign.
    await app.db.run(
      "INSERT INTO subscribers (email, created_at, locale) VALUES ('pending@example.com', ?, 'en')",
      new Date().toISOString(),
    );
    await app.db.run(
      'UPDATE subscribers SET unsubscribed_at = ? WHERE email = ?',
      new Date().toISOString(),
      readerAddress(500),
    );
    const campaign = await sendNow(app.db, app.config);
    // Queued, not yet sent: the list changes before their turn comes.
    const campaigns = campaignStore(app.db, app.config);
    await campaigns.startDue();
    while ((await campaigns.queueNext(campaign, 200)) > 0);
    expect((await campaigns.figures(campaign)).queued).toBe(505);
    await app.db.run(
      'UPDATE subscribers SET unsubscribed_at = ? WHERE email = ?',
      new Date().toISOString(),
      readerAddress(501),
    );
    await erasePersonalData(app.db, readerAddress(502));
    await createSuppressions(app.db).add(readerAddress(503), new Date());
    await app.db.run('UPDATE subscribers SET confirmed_at = NULL WHERE email = ?', readerAddress(504));
    await app.db.run('UPDATE subscribers SET hard_bounces = 2 WHERE email = ?', readerAddress(505));

    const started = Date.now();
    start();
    await smtp.waitFor(500, 240_000);
    const seconds = (Date.now() - started) / 1000;
    await stopWhenDone(allSent(app, campaign));
    console.log(
      `500 campaign e-mails through real SMTP in ${seconds.toFixed(1)} s (NEWSLETTER_RATE_PER_MINUTE=600000)`,
    );

    const mails = smtp.received;
    expect(mails).toHaveLength(500);
    const expected = Array.from({ length: 500 }, (_, n) => readerAddress(n));
    expect(new Set(mails.map(recipientOf))).toEqual(new Set(expected));
    expect(await campaigns.figures(campaign)).toMatchObject({
      recipients: 504,
      sent: 500,
      // Left the list after queueing (unsubscribed, suppressed, no longer confirmed); the one that bounced
      // meanwhile is a bounce, sent nothing.
      skipped: 3,
      bounced: 1,
      queued: 0,
      failed: 0,
    });

    const links = new Set<string>();
    for (const mail of mails) {
      const n = Number(/reader(\d+)@/.exec(recipientOf(mail))![1]);
      const locale = readerLocale(n);
      expect(header(mail, 'subject')).toBe(campaignContent[locale].subject);
      expect(mail.parsed.text).toContain(locale === 'en' ? 'Hello in English.' : 'Hola en español.');
      expect(mail.parsed.html).toContain(`<html lang="${locale}">`);
      expect(mail.parsed.html).toContain(
        locale === 'en' ? 'Hello in <strong>English</strong>.' : 'Hola en <strong>español</strong>.',
      );
      expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(rawHeader(mail, 'list-id')).toMatch(/<articles\.meridianlab\.test>$/);
      const link = unsubscribeLink(mail)!;
      expect(link.startsWith(`${TEST_SITE_URL}${localizePath(UNSUBSCRIBE_PATH, locale)}?token=`)).toBe(true);
      // The same link in both parts.
      expect(mail.parsed.text).toContain(link);
      expect(mail.parsed.html).toContain(link.replace(/&/g, '&amp;'));
      links.add(link);
    }
    expect(links.size).toBe(500);

    // A reader's own link, without JavaScript: the page's form, then its post; counted against the campaign.
    for (const mail of [mails[0]!, mails[1]!]) {
      const path = unsubscribeLink(mail)!.slice(TEST_SITE_URL.length);
      const page = await request(app).get(path);
      expect(page.status).toBe(200);
      const action = /<form[^>]+action="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
      const answer = await request(app)
        .post(action)
        .type('form')
        .set('Accept', 'text/html')
        .send('List-Unsubscribe=One-Click');
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toMatch(/\?result=unsubscribed$/);
      const row = await app.db.get<{ unsubscribed_at: string | null }>(
        'SELECT unsubscribed_at FROM subscribers WHERE email = ?',
        recipientOf(mail),
      );
      expect(row!.unsubscribed_at).toEqual(expect.any(String));
    }
    // A mail client's RFC 8058 one-click POST to the header's link.
    const oneClick = await request(app)
      .post(unsubscribeLink(mails[2]!)!.slice(TEST_SITE_URL.length))
      .field('List-Unsubscribe', 'One-Click');
    expect([oneClick.status, oneClick.body]).toEqual([200, { result: 'unsubscribed' }]);
    // Twice is still once.
    await request(app)
      .post(unsubscribeLink(mails[2]!)!.slice(TEST_SITE_URL.length))
      .field('List-Unsubscribe', 'One-Click');
    expect((await campaigns.find(campaign))!.unsubscribes).toBe(3);
  });

  it('counts an unsubscribe only against a campaign the reader was sent, whatever campaign their link is made to name', async () => {
    const { app, smtp, start, stopWhenDone } = await campaignApp(cleanups);
    await seedReaders(app.db, 2);
    start();
    const sent = await sendNow(app.db, app.config);
    const mails = await smtp.waitFor(2);
    await stopWhenDone(allSent(app, sent));
    const campaigns = campaignStore(app.db, app.config);
    // A campaign neither reader was sent: a draft, and one sent to others only.
    const draft = await campaigns.create(campaignContent, announced.id);
    const [own, other] = mails.map((mail) => unsubscribeLink(mail)!.slice(TEST_SITE_URL.length));
    const retagged = own!.replace(/\.c\d+$/, `.c${draft}`);
    expect(retagged).not.toBe(own);

    const forged = await request(app).post(retagged).field('List-Unsubscribe', 'One-Click');
    // The reader's own signature still unsubscribes them: only the count is refused.
    expect([forged.status, forged.body]).toEqual([200, { result: 'unsubscribed' }]);
    expect((await campaigns.find(draft))!.unsubscribes).toBe(0);
    expect((await campaigns.find(sent))!.unsubscribes).toBe(0);

    const genuine = await request(app).post(other!).field('List-Unsubscribe', 'One-Click');
    expect(genuine.body).toEqual({ result: 'unsubscribed' });
    expect((await campaigns.find(sent))!.unsubscribes).toBe(1);
  });

  it('gives each campaign e-mail a Message-ID of its own at the domain of MAIL_FROM', async () => {
    const { app, smtp, start, stopWhenDone } = await campaignApp(cleanups);
    await seedReaders(app.db, 2);
    start();
    const sent = await sendNow(app.db, app.config);
    const mails = await smtp.waitFor(2);
    await stopWhenDone(allSent(app, sent));
    const domain = /@([^@>\s]+)>?$/.exec(app.config.mail.from)![1]!;
    const ids = mails.map((mail) => mail.parsed.messageId);
    for (const id of ids) expect(id).toMatch(new RegExp(`^<[\\w-]+@${domain.replaceAll('.', '\\.')}>$`));
    expect(new Set(ids).size).toBe(2);
  });

  it('counts a 5xx to an address as a bounce, does not retry it, suppresses the address at once and bounces its next campaign unsent', async () => {
    const refused = readerAddress(1);
    const { app, smtp, start, stopWhenDone } = await campaignApp(
      cleanups,
      {},
      { refuses: (address) => address === refused },
    );
    await seedReaders(app.db, 3);
    start();
    const first = await sendNow(app.db, app.config);
    await smtp.waitFor(2, 20_000);
    const campaigns = campaignStore(app.db, app.config);
    await until('the first campaign sent', async () => (await campaigns.figures(first)).queued === 0);
    expect(await campaigns.figures(first)).toMatchObject({ sent: 2, bounced: 1, failed: 0 });
    const row = await app.db.get<{ hard_bounces: number; bounced_at: string | null; bounce_reason: string }>(
      'SELECT hard_bounces, bounced_at, bounce_reason FROM subscribers WHERE email = ?',
      refused,
    );
    // The server's reply is kept for the subscriber's row.
    expect(row).toEqual({
      hard_bounces: 1,
      bounced_at: expect.any(String),
      bounce_reason: expect.stringMatching(/550.*No such mailbox/),
    });
    const bounced = await app.db.get<{ attempts: number; status: string; last_error: string }>(
      "SELECT attempts, status, last_error FROM outbox WHERE kind = 'newsletter-campaign' AND status = 'bounced'",
    );
    expect(bounced).toMatchObject({ attempts: 1, status: 'bounced', last_error: expect.stringContaining('550') });
    // One refusal by the site's own mail server suppresses it, below NEWSLETTER_BOUNCE_LIMIT (decision 077).
    expect(await createSuppressions(app.db).has(refused)).toBe(true);
    expect(await createSuppressions(app.db).has(readerAddress(0))).toBe(false);
    expect(await campaigns.bounced()).toEqual([{ email: refused, hardBounces: 1, bouncedAt: row!.bounced_at }]);

    // The next campaign sends the address nothing: a bounce already recorded, counted as a bounce.
    const second = await sendNow(app.db, app.config);
    await smtp.waitFor(4, 20_000);
    await stopWhenDone(allSent(app, second));
    expect(smtp.received.map(recipientOf).filter((address) => address === refused)).toHaveLength(0);
    expect(smtp.received).toHaveLength(4);
    expect(await campaigns.figures(second)).toMatchObject({ sent: 2, bounced: 1, failed: 0, skipped: 0 });
  });

  it('sends a lead notification queued during a campaign ahead of the campaign’s queued e-mails, the campaign held to NEWSLETTER_RATE_PER_MINUTE', async () => {
    const rate = 600;
    // Half a minute of campaign at this rate: the test ends when the notification comes, long before.
    const count = 300;
    // What a pause banks at this rate (server/outbox/throttle.ts).
    const burst = 10;
    const { app, smtp, start } = await campaignApp(cleanups, {
      NEWSLETTER_RATE_PER_MINUTE: String(rate),
      TRUST_PROXY: '1',
    });
    await seedReaders(app.db, count);
    const guard = await guardFields(app, 'contact'); // the contact page's token, before the clock starts
    const startedAt = Date.now();
    start();
    await sendNow(app.db, app.config);
    await smtp.waitFor(40, 30_000);
    const answer = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '203.0.113.10')
      .send(
        JSON.stringify({
          ...guard,
          name: 'Jane Smith',
          email: 'jane@acme.example',
          company: 'Acme',
          service: 'marketing-ads',
          message: 'We need ads for our spring launch.',
        }),
      );
    expect(answer.status).toBe(201);
    // The lead was committed before its answer. From here on, only what the worker claimed before the commit
    // (a batch) and what it claims beside the notification (a batch) may reach the mail server before it; the
    // throttle grants each at most a burst. Counted from before the post, a slow post let more through.
    const before = smtp.received.length;
    const isLead = (mail: ReceivedMail) => !recipientOf(mail).startsWith('reader');
    await until('the lead notification', () => smtp.received.some(isLead), { timeoutMs: 60_000 });
    const leadAt = smtp.received.findIndex(isLead);
    expect(leadAt - before).toBeLessThanOrEqual(2 * burst);
    // And it overtook the campaign's queued e-mails: queued after them all, it would have come last.
    expect(leadAt).toBeLessThan(count);
    // The slots the campaign took, as the database counts them (decision 043): 60 000 / rate ms each, from its
    // first claim on, less the burst a pause banks. Without the setting each would be a ten-thousandth of that.
    // The rate as measured at the mail server is in `npm run bench -- --only=timings`.
    const { next_at: nextSlotAt } = (await app.db.get<{ next_at: number }>(
      "SELECT next_at FROM outbox_throttles WHERE name = 'newsletter-campaign'",
    ))!;
    expect(nextSlotAt).toBeGreaterThanOrEqual(startedAt + ((leadAt - burst) * 60_000) / rate);
  });

  it("records a provider's bounce and complaint from the newsletter command", async () => {
    const { app } = await campaignApp(cleanups, { NEWSLETTER_BOUNCE_LIMIT: '2' });
    await seedReaders(app.db, 2);
    const dir = app.config.dataDir;
    const env = { NEWSLETTER_BOUNCE_LIMIT: '2' };
    const once = await npmRun('newsletter', ['bounce', readerAddress(0)], dir, env);
    expect([once.code, once.stdout]).toEqual([0, `${readerAddress(0)}: 1 hard bounce, campaigns stop at 2.\n`]);
    const twice = await npmRun('newsletter', ['bounce', readerAddress(0).toUpperCase()], dir, env);
    expect(twice.stdout).toBe(`${readerAddress(0).toUpperCase()}: 2 hard bounces, no more campaigns.\n`);
    expect(await campaignStore(app.db, app.config).recipientCounts()).toEqual({ en: 0, es: 1 });

    const complaint = await npmRun('newsletter', ['complaint', readerAddress(1)], dir);
    expect([complaint.code, complaint.stdout]).toEqual([0, `${readerAddress(1)} is unsubscribed.\n`]);
    expect(await campaignStore(app.db, app.config).recipientCounts()).toEqual({ en: 0, es: 0 });

    const unknown = await npmRun('newsletter', ['bounce', 'nobody@example.com'], dir);
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      expect.stringContaining('nobody@example.com is not on the newsletter list.'),
    ]);
    const gone = await npmRun('newsletter', ['complaint', 'gone@example.com'], dir);
    expect([gone.code, gone.stdout]).toEqual([
      0,
      'gone@example.com is not on the newsletter list: it is suppressed.\n',
    ]);
    expect(await createSuppressions(app.db).has('gone@example.com')).toBe(true);
    const usage = await npmRun('newsletter', ['unsubscribe'], dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Unknown command "unsubscribe"');
  });
});
