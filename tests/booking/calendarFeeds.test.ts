import http from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fetchFeed } from '../../server/booking/feeds/fetch';
import { ALWAYS, bookingPost } from '../support/booking';
import type { TestApp } from '../support/helpers';
import { recordingLogger, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, signIn } from '../support/staffHelpers';

const TOKEN = 'calendar-feeds-test-token-0123456789abcdef';
const HOUR = 3_600_000;
/** Two days ahead, at midnight UTC: past the notice whenever the test runs. */
const day = Math.ceil(Date.now() / (24 * HOUR)) * 24 * HOUR + 24 * HOUR;
const ics = (time: number) => new Date(time).toISOString().replace(/[-:]|\.\d{3}/g, '');

/** What the feed server answers: a status and a body the test changes. */
const feed = { status: 200, body: '' };
let server: http.Server;
let feedUrl: string;
let app: TestApp;
let lucia: StaffClient;
const log = recordingLogger();

const calendar = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (uid: string, start: number, end: number, extra: string[] = []) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTAMP:${ics(day)}`,
  `DTSTART:${ics(start)}`,
  `DTEND:${ics(end)}`,
  ...extra,
  'END:VEVENT',
];

beforeAll(async () => {
  server = http.createServer((_req, res) =>
    res.writeHead(feed.status, { 'Content-Type': 'text/calendar' }).end(feed.body),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private/abcdef0123456789secret/basic.ics`;
  app = testApp({ BOOKING_API_TOKEN: TOKEN }, { feedsAllowPrivate: true, logger: log.logger });
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es'] },
    ...{ timeZone: 'America/Bogota', hours: ALWAYS },
  });
  lucia = await signIn(app, 'lucia@meridianlab.test');
});
afterAll(async () => {
  app.db.close();
  await new Promise((resolve) => server.close(resolve));
});

/** One run of the feeds' job, as main.ts starts it: it reads at once; stopping waits for that read. */
const readNow = async () => {
  const job = app.jobs.find((entry) => entry.what === 'calendar feeds read')!.start()!;
  await job.stop();
};
const starts = async () =>
  (
    (
      await request(app)
        .get('/api/booking/slots')
        .query({ from: new Date(day).toISOString().slice(0, 10), days: 5, lang: 'es', tz: 'UTC' })
        .set('Authorization', `Bearer ${TOKEN}`)
    ).body.slots as { start: string }[]
  ).map((slot) => Date.parse(slot.start));

describe('calendar feeds', () => {
  it('a person sets their own feed; the console never shows it back whole, and a refused one comes back as typed', async () => {
    const saved = await consolePost(app, '/staff/calendar', lucia, { csrf: lucia.csrf, url: feedUrl });
    expect(saved.headers.location, `${saved.status} ${saved.text.slice(0, 300)}`).toBe('/staff/calendar?done=saved');
    const page = await request(app).get('/staff/calendar').set('Cookie', lucia.cookie);
    expect(page.text).toContain('…127.0.0.1:');
    expect(page.text).toContain('….ics');
    expect(page.text).not.toContain('abcdef0123456789secret');
    const refused = await consolePost(app, '/staff/calendar', lucia, {
      csrf: lucia.csrf,
      url: 'file:///etc/passwd',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('only http:// and https:// feeds are read');
    // The refused address comes back as typed, to be mended; the saved one stays masked.
    expect(refused.text).toMatch(/name="url"[^>]*value="file:\/\/\/etc\/passwd"/);
    expect(refused.text).not.toContain('abcdef0123456789secret');
  });

  it('busy events close times, free ones do not, recurring ones close each occurrence', async () => {
    feed.body = calendar([
      ...event('busy@test', day + 15 * HOUR, day + 16 * HOUR, ['SUMMARY:Dentist', 'DESCRIPTION:Private matter']),
      ...event('free@test', day + 18 * HOUR, day + 19 * HOUR, ['TRANSP:TRANSPARENT']),
      ...event('daily@test', day + 20 * HOUR, day + 21 * HOUR, ['RRULE:FREQ=DAILY;COUNT=3']),
      ...event('cancelled@test', day + 10 * HOUR, day + 11 * HOUR, ['STATUS:CANCELLED']),
    ]);
    const before = await starts();
    expect(before).toContain(day + 15 * HOUR);
    await readNow();
    const after = await starts();
    expect(after).not.toContain(day + 15 * HOUR);
    expect(after).not.toContain(day + 15.5 * HOUR);
    // The buffer after a call may not run into a busy time: 14:30's call ends 15:00, its buffer 15:10.
    expect(after).not.toContain(day + 14.5 * HOUR);
    expect(after).toContain(day + 16 * HOUR);
    expect(after).toContain(day + 18 * HOUR);
    expect(after).toContain(day + 10 * HOUR);
    for (const n of [0, 1, 2]) expect(after).not.toContain(day + n * 24 * HOUR + 20 * HOUR);
    expect(after).toContain(day + 3 * 24 * HOUR + 20 * HOUR);
    // Only the busy times are kept (the privacy policy's promise), never what the events are.
    const [kept] = app.db.connection.prepare('SELECT busy FROM booking_feeds').all() as { busy: string }[];
    expect(kept!.busy).not.toMatch(/Dentist|Private/);
    expect((JSON.parse(kept!.busy) as unknown[]).every((pair) => /^\[\d+,\d+\]$/.test(JSON.stringify(pair)))).toBe(
      true,
    );
  });

  it('a move from a manage link meets the busy times of the person’s feed too', async () => {
    const booked = await request(app)
      .post('/api/booking')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({
        ...{ start: new Date(day + 10 * HOUR).toISOString(), name: 'Marta Ruiz', email: 'marta@example.com' },
        ...{ company: 'Ruiz SAS', topic: 'web-subscription', lang: 'es', tz: 'America/Bogota' },
      });
    expect(booked.status, booked.text).toBe(201);
    const token = new URL(booked.body.manageUrl as string).searchParams.get('manage')!;
    const move = (start: number) => bookingPost(app, '/es/reservar', { do: 'move', token, slot: `${start}.bogota` });
    // 15:00 is the dentist's hour in the feed: no move onto it.
    const refused = await move(day + 15 * HOUR);
    expect(refused.status).toBe(409);
    expect((await move(day + 16 * HOUR)).status).toBe(303);
  });

  it('a feed failing for over 30 minutes closes all the person’s times, alerts them once, and never logs the URL', async () => {
    feed.status = 500;
    await readNow();
    // Failing, but for less than 30 minutes: the last busy times still stand.
    expect((await starts()).length).toBeGreaterThan(0);
    app.db.connection
      .prepare('UPDATE booking_feeds SET failing_since = ?')
      .run(new Date(Date.now() - 31 * 60_000).toISOString());
    await readNow();
    expect(await starts()).toEqual([]);
    await readNow();
    const mails = app.db.connection.prepare("SELECT id FROM outbox WHERE kind = 'booking-feed-failing'").all();
    expect(mails).toHaveLength(1);
    const console = await request(app).get('/staff/calendar').set('Cookie', lucia.cookie);
    expect(console.text).toContain('Your calendar feed cannot be read: your booking times are closed');
    expect(console.text).toContain('answered 500');
    expect(JSON.stringify(log.lines())).toContain('calendar feed not read');
    expect(JSON.stringify(log.lines())).not.toContain('abcdef0123456789secret');
    // Read again: the times open.
    feed.status = 200;
    await readNow();
    expect((await starts()).length).toBeGreaterThan(0);
  });

  it('refuses what is not http(s), private and loopback addresses, and answers too large', async () => {
    await expect(fetchFeed('file:///etc/passwd')).rejects.toThrow('only http:// and https://');
    await expect(fetchFeed(feedUrl)).rejects.toThrow('inside a private network');
    await expect(fetchFeed(feedUrl.replace('127.0.0.1', 'localhost'))).rejects.toThrow('inside a private network');
    await expect(fetchFeed('http://[::1]/x.ics')).rejects.toThrow('inside a private network');
    await expect(fetchFeed('http://169.254.169.254/latest/meta-data')).rejects.toThrow('inside a private network');
    await expect(fetchFeed('http://10.1.2.3/x.ics')).rejects.toThrow('inside a private network');
    feed.body = 'x'.repeat(3 * 1024 * 1024);
    await expect(fetchFeed(feedUrl, { allowPrivate: true })).rejects.toThrow('larger than 2 MB');
  });
});
