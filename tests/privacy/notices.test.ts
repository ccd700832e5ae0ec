import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { noticeVersionOf, noticeVersions } from '../../server/privacy/notices';

/** The catalogues with the string at `path` (locale first) replaced, every object on the way copied. */
function changed(path: string[], value: string): typeof catalogues {
  const set = (node: Record<string, unknown>, [key, ...rest]: string[]): Record<string, unknown> => ({
    ...node,
    [key!]: rest.length ? set(node[key!] as Record<string, unknown>, rest) : value,
  });
  return set(catalogues as unknown as Record<string, unknown>, path) as unknown as typeof catalogues;
}

describe('the version of a consent notice (decision 067)', () => {
  it('is the digest of the words shown, in both languages', () => {
    const words = (['en', 'es'] as const).map((locale) => [
      locale,
      [
        catalogues[locale].blog.newsletter.text,
        catalogues[locale].blog.newsletter.notice,
        catalogues[locale].newsletterConfirm.ask.text,
      ],
    ]);
    const digest = createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 12);
    expect(noticeVersions.newsletter).toBe(`newsletter-${digest}`);
    expect(noticeVersions.lead).toMatch(/^lead-[0-9a-f]{12}$/);
  });

  it('changes with any word of the notice, in either language, and with nothing else', () => {
    const edits: [keyof typeof noticeVersions, string[]][] = [
      ['newsletter', ['en', 'blog', 'newsletter', 'text']],
      ['newsletter', ['es', 'blog', 'newsletter', 'notice']],
      ['newsletter', ['es', 'newsletterConfirm', 'ask', 'text']],
      ['lead', ['es', 'contact', 'form', 'privacy']],
    ];
    for (const [purpose, path] of edits) {
      const texts = changed(path, 'And our offers.');
      expect(noticeVersionOf(purpose, texts)).not.toBe(noticeVersions[purpose]);
      const other = purpose === 'lead' ? 'newsletter' : 'lead';
      expect(noticeVersionOf(other, texts)).toBe(noticeVersions[other]);
    }
    expect(noticeVersionOf('newsletter', changed(['en', 'blog', 'newsletter', 'title'], 'New'))).toBe(
      noticeVersions.newsletter,
    );
  });
});
