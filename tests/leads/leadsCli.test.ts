import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openSqliteDatabase } from '../../server/db';
import { exportColumns } from '../../server/leads/exportRows';
import { createInbox } from '../../server/leads/inbox';
import { createLeadStore } from '../../server/leads/store';
import { signUpMessages } from '../../server/newsletter/messages';
import type { Confirmation } from '../../server/newsletter/store';
import { createSubscriberStore } from '../../server/newsletter/store';
import { createOutboxStore } from '../../server/outbox/store';
import { noticeVersions } from '../../server/privacy/notices';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { csvRecords, parseCsv } from '../support/csv';
import { TEST_ANALYTICS_KEY } from '../support/serverCommand';
import { npmRun } from '../support/serverProcess';

/** `npm run --silent leads -- …args` with DATA_DIR set. */
const leads = (args: string[], dataDir: string) => npmRun('leads', args, dataDir);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-leads-cli-'));
const stored = [
  {
    ...EMPTY_CONTACT_VALUES,
    name: 'Ana Gómez',
    email: 'ana@example.com',
    company: 'Acme, "Clinics" Ltd',
    phone: '+57 300 555 0101',
    service: 'all-in-one',
    message: 'Line one\nLine two, with a comma',
  },
  {
    ...EMPTY_CONTACT_VALUES,
    name: '=HYPERLINK("http://evil.example","Click")',
    email: 'x@example.com',
    company: '@SUM(A1:A9)',
    phone: '-2+3',
    message: '\tTabbed start',
  },
  { ...EMPTY_CONTACT_VALUES, name: 'Carriage', email: 'cr@example.com', message: '\r=1+1' },
];

beforeAll(async () => {
  const db = openSqliteDatabase(dataDir);
  const store = createLeadStore(db, undefined, TEST_ANALYTICS_KEY.ANALYTICS_KEY);
  for (const [index, values] of stored.entries()) {
    await store.add(
      values,
      { address: `198.51.100.${index}`, userAgent: 'CLI Test/1.0' },
      new Date(Date.UTC(2025, 0, 2, 3, 4, 5 + index)),
    );
  }
  // The first lead is worked on: a note reworded, won with its deal, an owner and a next step.
  const inbox = createInbox(db);
  await inbox.addNote(1, 'Called, wants a demo', 'sam@meridianlab.test', new Date('2025-01-03T15:00:00Z'));
  await inbox.editNote(1, {
    note: 1,
    body: 'Called; demo on Tuesday',
    by: 'sam@meridianlab.test',
    now: new Date('2025-01-03T15:10:00Z'),
  });
  const now = new Date('2025-01-03T16:00:00Z');
  await inbox.changeStatus(1, { from: 'new', to: 'contacted', staffEmail: 'sam@meridianlab.test', now });
  await inbox.setOwner(1, {
    owner: 'sam@meridianlab.test',
    by: 'sam@meridianlab.test',
    now: new Date('2025-01-03T16:01:00Z'),
  });
  await inbox.setNextStep(1, { step: 'Demo', dueAt: new Date('2025-07-08T14:00:00Z'), by: 'sam@meridianlab.test' });
  // The newsletter: one address confirmed, one pending, one confirmed then unsubscribed.
  const sent = new Map<string, Confirmation>();
  const subscribers = createSubscriberStore(db, {
    outbox: createOutboxStore(db, 'meridianlab.test'),
    messagesFor: (confirmation) => {
      sent.set(confirmation.email, confirmation);
      return signUpMessages('https://meridianlab.test')(confirmation);
    },
    committed: () => {},
  });
  for (const email of ['reader@example.com', 'pending@example.com', 'gone@example.com'])
    await subscribers.signUp(email, { now: new Date('2025-02-01T10:00:00Z') });
  expect(
    await subscribers.confirm(sent.get('reader@example.com')!.confirmToken, new Date('2025-02-01T10:05:00Z')),
  ).toBe('confirmed');
  expect(await subscribers.confirm(sent.get('gone@example.com')!.confirmToken, new Date('2025-02-01T10:06:00Z'))).toBe(
    'confirmed',
  );
  expect(await subscribers.unsubscribe(sent.get('gone@example.com')!.unsubscribeToken)).toBe('unsubscribed');
  await db.close();
});

describe('npm run leads -- subscribers', { timeout: 30_000 }, () => {
  it('lists only the confirmed addresses that did not unsubscribe, with their consent time', async () => {
    const json = await leads(['subscribers', '--format', 'json'], dataDir);
    expect(json.code).toBe(0);
    const channel = 'newsletter box on /blog';
    expect(JSON.parse(json.stdout)).toEqual([
      {
        email: 'reader@example.com',
        signedUpAt: '2025-02-01T10:00:00.000Z',
        confirmedAt: '2025-02-01T10:05:00.000Z',
        notice: noticeVersions.newsletter,
        consentChannel: channel,
      },
    ]);
    const csv = await leads(['subscribers', '--format', 'csv'], dataDir);
    expect(csv.code).toBe(0);
    expect(parseCsv(csv.stdout)).toEqual([
      ['email', 'signed_up_at', 'confirmed_at', 'notice', 'consent_channel'],
      [
        'reader@example.com',
        '2025-02-01T10:00:00.000Z',
        '2025-02-01T10:05:00.000Z',
        noticeVersions.newsletter,
        channel,
      ],
    ]);
  });
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run leads -- export', { timeout: 30_000 }, () => {
  it('writes every lead as JSON, oldest first, with nothing else on stdout', async () => {
    const run = await leads(['export', '--format', 'json'], dataDir);
    expect(run.code).toBe(0);
    const exported = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(exported).toHaveLength(3);
    exported.forEach((lead, index) => {
      // With the proof of its consent (decision 067): the notice's version shown, and the form's page.
      expect(lead).toMatchObject({
        id: index + 1,
        ...stored[index],
        userAgent: 'CLI Test/1.0',
        notice: noticeVersions.lead,
        consentChannel: 'contact form on /contact',
      });
      // On the lab's clock, with its offset: the console's export (decision 079).
      expect(lead.receivedAt).toBe(`2025-01-01T22:04:0${5 + index}-05:00`);
      expect(lead.clientHash).toMatch(/^[0-9a-f]{64}$/);
    });
    expect(run.stdout).not.toContain('198.51.100.');
  });

  it('carries what the console’s export does: owner, next step, deal, notes with their earlier wording, history', async () => {
    const run = await leads(['export', '--format', 'json'], dataDir);
    const [first] = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(first).toMatchObject({
      status: 'contacted',
      statusChangedAt: '2025-01-03T11:00:00-05:00',
      owner: 'sam@meridianlab.test',
      nextStep: 'Demo',
      // Summer time: the offset is the day's.
      nextStepDueAt: '2025-07-08T10:00:00-04:00',
      attribution: null,
      notes: [
        {
          by: 'sam@meridianlab.test',
          at: '2025-01-03T10:00:00-05:00',
          body: 'Called; demo on Tuesday',
          earlier: [
            { by: 'sam@meridianlab.test', replacedAt: '2025-01-03T10:10:00-05:00', body: 'Called, wants a demo' },
          ],
        },
      ],
      history: [{ by: 'sam@meridianlab.test', at: '2025-01-03T11:00:00-05:00', from: 'new', to: 'contacted' }],
    });
    const csv = await leads(['export', '--format', 'csv'], dataDir);
    const [header] = parseCsv(csv.stdout);
    expect(header).toEqual(exportColumns.map(([, column]) => column));
    const [row] = csvRecords(csv.stdout);
    expect(row).toMatchObject({ owner: 'sam@meridianlab.test', next_step: 'Demo', status: 'contacted' });
    expect(row!.notes).toContain('Called; demo on Tuesday');
    expect(row!.history).toContain('new → contacted');
  });

  it('writes CSV with a header, quotes escaped, line breaks kept inside cells', async () => {
    const run = await leads(['export', '--format=csv'], dataDir);
    expect(run.code).toBe(0);
    const [header] = parseCsv(run.stdout);
    expect(header).toEqual(exportColumns.map(([, column]) => column));
    const [first, ...others] = csvRecords(run.stdout);
    expect(others).toHaveLength(2);
    expect(first).toMatchObject({
      id: '1',
      received_at: '2025-01-01T22:04:05-05:00',
      name: 'Ana Gómez',
      email: 'ana@example.com',
      company: 'Acme, "Clinics" Ltd',
      phone: "'+57 300 555 0101",
      service: 'all-in-one',
      message: 'Line one\nLine two, with a comma',
      notice: noticeVersions.lead,
      consent_channel: 'contact form on /contact',
    });
    expect(run.stdout).toContain('"Acme, ""Clinics"" Ltd"');
  });

  it('neutralises formula injection: cells starting with = + - @ tab or CR begin with an apostrophe', async () => {
    const run = await leads(['export', '--format', 'csv'], dataDir);
    const [, second, third] = csvRecords(run.stdout);
    expect(second).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","Click")`,
      email: 'x@example.com',
      company: "'@SUM(A1:A9)",
      phone: "'-2+3",
      service: '',
      message: "'\tTabbed start",
    });
    expect(third!.message).toBe("'\r=1+1");
    // No cell, once parsed, starts with a character a spreadsheet would evaluate.
    for (const row of parseCsv(run.stdout)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes to a file only its owner can read with --output', async () => {
    const file = path.join(dataDir, 'export.json');
    const run = await leads(['export', '--format', 'json', '--output', file], dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Wrote 3 leads');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toHaveLength(3);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['a file someone prepared world-readable', (file: string) => fs.writeFileSync(file, '', { mode: 0o666 })],
    ['a symlink to another file', (file: string) => fs.symlinkSync(path.join(dataDir, 'elsewhere.json'), file)],
  ])('refuses to write into %s, and leaves it as it was', async (_name, prepare) => {
    const file = path.join(dataDir, `prepared-${Math.random().toString(36).slice(2)}.json`);
    prepare(file);
    const run = await leads(['export', '--format', 'json', '--output', file], dataDir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('already exists');
    expect(fs.existsSync(path.join(dataDir, 'elsewhere.json'))).toBe(false);
    if (!fs.lstatSync(file).isSymbolicLink()) expect(fs.readFileSync(file, 'utf8')).toBe('');
  });

  it.each([
    [[], 'Missing the command'],
    [['list'], 'Unknown command "list"'],
    [['export'], 'Missing --format'],
    [['export', '--format'], '--format needs a value'],
    [['export', '--format', 'xml'], 'Unknown format "xml"'],
    [['export', '--format', 'csv', '--all'], 'Unknown option "--all"'],
  ])('refuses %j with a usage error and exit code 2', async (args, reason) => {
    const run = await leads(args, dataDir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(reason);
    expect(run.stderr).toContain('Usage: npm run --silent leads -- export|subscribers --format csv|json');
  });

  it('says so when DATA_DIR holds no database, instead of creating one', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-leads-empty-'));
    const run = await leads(['export', '--format', 'csv'], empty);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No database at');
    expect(fs.readdirSync(empty)).toEqual([]);
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
