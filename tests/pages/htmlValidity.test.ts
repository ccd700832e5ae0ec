import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { seedSitePages } from '../../shared/routes';
import { testApp } from '../support/helpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const app = testApp();
afterAll(() => app.db.close());

/**
 * What the HTML standard allows and this checker does not know yet: `<link rel="expect" blocking="render">`
 * (https://html.spec.whatwg.org/multipage/links.html#link-type-expect), which holds the home page's first frame
 * until its whole hero is read (decision 085).
 */
const NEWER_THAN_VNU =
  /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/;

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** Runs the W3C Nu HTML Checker once over every file (one JVM start) and returns its errors. */
function validate(files: string[]): VnuMessage[] {
  let output: string;
  try {
    output = execFileSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // vnu exits 1 when it finds errors and writes its report to stderr.
    output = (error as { stderr?: string }).stderr ?? '';
    if (!output) throw error;
  }
  const report = JSON.parse(output || '{"messages":[]}') as { messages: VnuMessage[] };
  return report.messages.filter((message) => message.type === 'error' && !NEWER_THAN_VNU.test(message.message));
}

describe('W3C HTML validity', () => {
  it('finds no error in the server HTML of any route or of the 404 page', { timeout: 240_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-vnu-'));
    const urls = [...seedSitePages.map((page) => page.path), '/no-such-page'];
    const files: string[] = [];
    for (const url of urls) {
      const response = await request(app).get(url);
      const file = path.join(dir, `${url === '/' ? 'home' : url.slice(1).replace(/\W+/g, '-')}.html`);
      fs.writeFileSync(file, response.text);
      files.push(file);
    }
    const errors = validate(files).map(
      (e) => `${path.basename(new URL(e.url).pathname)}: ${e.message} «${e.extract ?? ''}»`,
    );
    expect(errors).toEqual([]);
  });

  it(
    'finds no error in an article written in the console, nor in the console pages that wrote it',
    { timeout: 240_000 },
    async () => {
      await addAccount(app.db, 'nu@meridianlab.test');
      const client = await sessionFor(app, 'nu@meridianlab.test');
      const created = await consolePost(app, '/staff/articles', client, {
        csrf: client.csrf,
        locale: 'en',
        title: 'Checked by the Nu HTML Checker',
        slug: 'checked-by-the-nu-html-checker',
        excerpt: 'An article written in the console, with a table, a list, code and a link.',
        category: 'tutorials',
        author: 'Elena Vasquez',
        date: '2026-11-25',
        image: '/images/blog/cell-culture.svg',
        imageAlt: 'Cells in a dish',
        body: '## A table\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- one\n- [two](https://example.com/)\n\n```ts\nconst x = 1;\n```\n\n<b onclick="x()">raw</b>\n',
      });
      const editor = created.headers.location!.replace(/\?.*$/, '');
      await consolePost(app, `${editor}/publish`, client, { csrf: client.csrf });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-vnu-articles-'));
      const files: string[] = [];
      for (const url of [
        '/blog/checked-by-the-nu-html-checker',
        '/staff/articles',
        editor,
        `${editor}/preview`,
        `${editor}/revisions`,
      ]) {
        const response = await request(app).get(url).set('Cookie', client.cookie);
        expect(response.status, url).toBe(200);
        const file = path.join(dir, `${url.slice(1).replace(/\W+/g, '-')}.html`);
        fs.writeFileSync(file, response.text);
        files.push(file);
      }
      const errors = validate(files).map(
        (e) => `${path.basename(new URL(e.url).pathname)}: ${e.message} «${e.extract ?? ''}»`,
      );
      expect(errors).toEqual([]);
    },
  );
});
