import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { campaignStore } from '../../server/newsletter';
import { announced, campaignContent } from '../support/campaigns';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

// Two staff writing one campaign's notes: the later save is not written over the earlier, both are shown, and
// the writer chooses (campaignConflicts.ts).
const app = testApp();
const store = campaignStore(app.db, app.config);
let ana: StaffClient;
let ben: StaffClient;
let id = 0;
let page = '';

const post = (client: StaffClient, fields: Record<string, string>) =>
  consolePost(app, page, client, { csrf: client.csrf, note_es: '', ...fields });
const open = (client: StaffClient) => request(app).get(page).set('Cookie', client.cookie);
const baseOf = (html: string) => /name="base" value="([^"]+)"/.exec(html)![1]!;
const savedNote = async () => (await store.find(id))!.notes.en;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  await addAccount(app.db, 'ben@meridianlab.test', undefined, { role: 'editor' });
  ana = await sessionFor(app, 'ana@meridianlab.test');
  ben = await sessionFor(app, 'ben@meridianlab.test');
  id = await store.create(campaignContent, announced.id);
  page = `/staff/newsletter/${id}`;
});
afterAll(() => app.db.close());

describe('two staff saving the same campaign', () => {
  it('tells the later one, shows both notes, and saves theirs only when they save again', async () => {
    const opened = baseOf((await open(ana)).text);
    const base = baseOf((await open(ben)).text);
    expect(base).toBe(opened);
    expect((await post(ben, { base, note_en: 'Ben wrote this note.' })).status).toBe(303);

    const later = await post(ana, { base: opened, note_en: 'Ana wrote this one.' });
    expect(later.status).toBe(409);
    expect(later.text).toContain('Other notes were saved after you opened this campaign');
    expect(later.text).toMatch(/id="theirs-note-en"[^>]*>Ben wrote this note\./);
    expect(later.text).toMatch(/id="note-en"[^>]*>Ana wrote this one\./);
    // The Spanish notes are the same on both sides: only what differs is shown.
    expect(later.text).not.toContain('id="theirs-note-es"');
    expect(later.text).toContain(`href="${page}"`);
    expect(await savedNote()).toBe('Ben wrote this note.');

    // Saving again from that page is the writer's choice.
    const again = await post(ana, { base: baseOf(later.text), note_en: 'Ana wrote this one.' });
    expect(again.status).toBe(303);
    expect(await savedNote()).toBe('Ana wrote this one.');
  });

  it('keeps the version a refused form was opened on, so a save after a refusal is checked too', async () => {
    const opened = baseOf((await open(ana)).text);
    const refused = await post(ana, { base: opened, note_en: 'x'.repeat(401) });
    expect(refused.status).toBe(400);
    expect(baseOf(refused.text)).toBe(opened);
    await post(ben, { base: baseOf((await open(ben)).text), note_en: 'Ben again.' });
    const fixed = await post(ana, { base: baseOf(refused.text), note_en: 'Ana, shorter.' });
    expect(fixed.status).toBe(409);
    expect(await savedNote()).toBe('Ben again.');
  });

  it('saves what matches the saved notes anyway, and a form from before versions as it did', async () => {
    const stale = baseOf((await open(ana)).text);
    await post(ben, { base: stale, note_en: 'Agreed words.' });
    expect((await post(ana, { base: stale, note_en: 'Agreed words.' })).status).toBe(303);
    expect((await post(ana, { note_en: 'No version carried.' })).status).toBe(303);
    expect(await savedNote()).toBe('No version carried.');
  });

  it('writes nothing over notes saved between the reading and the writing', async () => {
    const read = (await store.find(id))!;
    await store.update(id, read.content, { en: 'Saved meanwhile.', es: '' }, read.notes);
    expect(await store.update(id, read.content, { en: 'Late.', es: '' }, read.notes)).toBe(false);
    expect(await savedNote()).toBe('Saved meanwhile.');
  });
});
