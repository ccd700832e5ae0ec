// npm run bench -- --only=uploads: a 12-megapixel phone photo chosen as an article's cover on the built server,
// as the editor posts it (every field and the file): how long the save's request takes, and how long until the
// image is made in every width (decision 075). Reported, never failed: read it with the machine's load beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';

import { createSessionStore } from '../../server/console/sessions';
import { openSqliteDatabase } from '../../server/db';
import { addStaffAccount } from '../support/browser/staff';
import { freePort, startServer } from '../support/serverProcess';

export interface UploadTimes {
  photo: string;
  requestMs: number;
  readyMs: number | null;
}

/** A phone photo's worth of detail: smooth light with fine grain, as a 4032 × 3024 JPEG of about 3 MB. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const light = await sharp({
    create: {
      width: 504,
      height: 378,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 6 } },
  })
    .png()
    .toBuffer();
  return sharp(light)
    .resize(width, height)
    .blur(2)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function measureUploads(): Promise<UploadTimes> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-upload-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(port, { DATA_DIR: dir, SITE_URL: origin, LOG_LEVEL: 'warn', TRUST_PROXY: 'false' });
  try {
    addStaffAccount('bench@meridianlab.test', dir);
    const db = openSqliteDatabase(dir);
    const account = (await db.get<{ id: number }>('SELECT id FROM staff_accounts'))!;
    const cookie = `staff_session=${await createSessionStore(db).create(account.id)}`;
    db.close();
    const editor = await (await fetch(`${origin}/staff/articles/new`, { headers: { cookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(editor)![1]!;
    const photo = await phonePhoto();
    const form = new FormData();
    const fields = {
      csrf,
      locale: 'en',
      title: 'A Photo From a Phone',
      slug: 'a-photo-from-a-phone',
      excerpt: 'Twelve megapixels, straight from the camera roll.',
      category: 'research',
      author: 'Bench',
      date: '2026-11-28',
      imageAlt: 'A bench photo',
      body: 'Words.\n',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('coverFile', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'phone.jpg');
    const started = performance.now();
    const saved = await fetch(`${origin}/staff/articles`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin },
      redirect: 'manual',
    });
    const requestMs = performance.now() - started;
    const page = await (await fetch(new URL(saved.headers.get('location')!, origin), { headers: { cookie } })).text();
    const stateUrl = /data-state-url="([^"]+)"/.exec(page)?.[1];
    let readyMs: number | null = stateUrl ? null : requestMs;
    for (let tries = 0; stateUrl && tries < 1200; tries += 1) {
      const state = (await (await fetch(`${origin}${stateUrl}`, { headers: { cookie } })).json()) as { status: string };
      if (state.status !== 'processing') {
        readyMs = state.status === 'ready' ? performance.now() - started : null;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { photo: `4032 × 3024 JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB`, requestMs, readyMs };
  } finally {
    server.stop();
  }
}
