import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { siteFacts } from '../../shared/content/data';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { common as esCommon } from '../../shared/content/i18n/es/common';
import { formOf, guardFields } from '../support/formGuard';
import { cspSources, TEST_SITE_URL, testApp } from '../support/helpers';
import { TEST_IDENTITY } from '../support/serverCommand';

const app = testApp();
afterAll(() => app.db.close());

/** One page of each kind, in both languages, and the posts a visitor makes. */
const pages = ['/', '/services', '/research', '/blog', '/contact', '/privacy', '/terms', '/es', '/es/contacto'];

describe('the public site', () => {
  it('sets no cookie on a page or on a form post, and lets the browser load nothing from another origin', async () => {
    for (const url of pages) {
      const response = await request(app).get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
      const csp = response.headers['content-security-policy'] as string;
      for (const directive of ['default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) {
        for (const source of cspSources(csp, directive))
          expect(source, `${url} ${directive}`).toMatch(/^('self'|'sha256-[^']+'|data:)$/);
      }
      // No address of another site in a tag that loads something (canonical and alternates name this one).
      const addresses = [
        ...response.text.matchAll(
          /<(?:script|link|img|source|iframe)\b[^>]*\b(?:src|href|srcset)="((?:https?:)?\/\/[^"]*)"/g,
        ),
      ].map((match) => match[1]!);
      expect(
        addresses.filter((address) => !address.startsWith(`${TEST_SITE_URL}/`)),
        url,
      ).toEqual([]);
    }
    const post = async (path: string, body: object) =>
      request(app)
        .post(path)
        .set('Origin', TEST_SITE_URL)
        .send({ ...(await guardFields(app, formOf(path))), ...body });
    for (const response of [
      await post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Hello.' }),
      await post('/api/subscribe', { email: 'ana@example.com' }),
    ]) {
      expect(response.status).toBeLessThan(300);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe.each([
  ['/privacy', '/terms'],
  ['/es/privacidad', '/es/terminos'],
])('the legal pages %s and %s', (privacy, terms) => {
  it("name the controller with the lab's legal facts from its settings, and the policy its Privacy Officer", async () => {
    const policy = (await request(app).get(privacy)).text;
    for (const value of Object.values(TEST_IDENTITY)) expect(policy).toContain(value);
    const conditions = (await request(app).get(terms)).text;
    const { LAB_LEGAL_NAME, LAB_TAX_ID, LAB_DOMICILE, LAB_POSTAL_ADDRESS } = TEST_IDENTITY;
    for (const value of [LAB_LEGAL_NAME, LAB_TAX_ID, LAB_DOMICILE, LAB_POSTAL_ADDRESS])
      expect(conditions).toContain(value);
  });

  it.each([
    ['/privacy', enCommon],
    ['/es/privacidad', esCommon],
  ])('%s gives the phone number as the pages do: a stand-in is said to be one', async (path, common) => {
    const policy = (await request(app).get(path)).text;
    expect(siteFacts.phone.placeholder).toBe(true);
    expect(policy).toContain(`${siteFacts.phone.number} (${common.site.placeholderPhone})`);
  });
});
