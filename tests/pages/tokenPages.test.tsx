import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import type { LoadedPage } from '../../shared/pageShell';
import { PageDocument } from '../../shared/pageShell';
import { testApp } from '../support/helpers';

/** The site's own document, counting its renders by page path. */
const renders = new Map<string, number>();
function Counted({ loaded }: { loaded: LoadedPage }) {
  renders.set(loaded.page.path, (renders.get(loaded.page.path) ?? 0) + 1);
  return <PageDocument loaded={loaded} />;
}
const app = testApp({}, { App: Counted });
afterAll(() => app.db.close());

/** Tokens of every spelling a link may have, and made-up ones of the same alphabet. */
const tokens = [
  'A'.repeat(43),
  'abc',
  '12.x-y_z',
  `7.${'b'.repeat(43)}.c3`,
  ...Array.from({ length: 20 }, (_, i) => `made-up-${i}`),
];

describe("a newsletter link's page", () => {
  it.each([
    ['/newsletter/confirm', (token: string) => `<input type="hidden" name="token" value="${token}"/>`],
    ['/es/boletin/cancelar', (token: string) => `action="/es/boletin/cancelar?token=${token}"`],
  ])('%s is rendered once, and answers each token with the same page, that token in its place', async (path, shown) => {
    const answers = [];
    for (const token of tokens) {
      const response = await request(app).get(`${path}?token=${token}`).set('Accept-Encoding', 'identity');
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'sha256-");
      expect(response.text).toContain(shown(token));
      answers.push(response.text.replace(shown(token), shown('TOKEN')));
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).not.toContain('slot-');
    expect(renders.get(path)).toBe(1);
    // Compressed as any answer of the app, whole.
    const br = await request(app).get(`${path}?token=${tokens[0]}`).set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toContain(shown(tokens[0]!));
  });
});
