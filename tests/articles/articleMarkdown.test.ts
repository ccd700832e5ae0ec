import { describe, expect, it } from 'vitest';

import { articleReadTime, renderArticle } from '../../server/articles/markdown';
import { postSeed } from '../../server/articles/postSeed';
import { readImageSize } from '../../server/lib/markdown/imageSize';
import { ARTICLE_HTML, sanitize } from '../../server/lib/markdown/profiles';
import { renderMarkdown } from '../../server/lib/markdown/render';
import { posts as enPosts } from '../../shared/generated/posts';
import { posts as esPosts } from '../../shared/generated/posts.es';

const root = process.cwd();
const listed = { en: enPosts, es: esPosts };

describe('article Markdown at run time', () => {
  it('renders every seeded article exactly as the build renders it (the sanitizer changes no byte), with the same read time', () => {
    for (const post of postSeed)
      for (const version of post.versions) {
        const rendered = renderArticle(version.markdown, version.locale, root);
        if (!rendered.ok) throw new Error(rendered.error);
        const built = renderMarkdown(version.markdown, { imageSize: (src) => readImageSize(root, src) });
        expect(rendered.html, version.slug).toBe(built);
        expect(rendered.readTime).toBe(listed[version.locale].find((p) => p.slug === version.slug)!.readTime);
      }
  });
});

describe("a load's read of each body (decision 092)", () => {
  it('gives the read time of the rendered page without the sanitizer, and refuses what rendering refuses, with its reason', () => {
    for (const post of postSeed)
      for (const version of post.versions) {
        const rendered = renderArticle(version.markdown, version.locale, root);
        expect(articleReadTime(version.markdown, version.locale, root), version.slug).toEqual({
          ok: true,
          readTime: rendered.ok && rendered.readTime,
        });
      }
    for (const refused of ['# A second title\n', '[a link](javascript:alert(1))\n', '![](/images/logo.svg)\n']) {
      const rendered = renderArticle(refused, 'en', root);
      expect(rendered.ok).toBe(false);
      expect(articleReadTime(refused, 'es', root)).toEqual({ ok: false, error: !rendered.ok && rendered.error });
    }
  });
});

/** No tag that runs, no event handler, no script or data URL in any attribute. */
function expectInert(html: string): void {
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    expect(tag).not.toMatch(/^<(script|style|iframe|object|embed|svg|math|form|input|base|meta|link)\b/i);
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/=\s*["']?\s*(javascript|data|vbscript):/i);
    expect(tag).not.toMatch(/\sstyle\s*=/i);
  }
}

describe('XSS payloads in an article', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<svg onload=alert(1)></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>',
    'Text <b onclick="alert(1)">bold</b>',
  ])('raw HTML is shown as text, never as markup: %s', (payload) => {
    const rendered = renderArticle(`A paragraph.\n\n${payload}\n`, 'en', root);
    if (!rendered.ok) throw new Error(rendered.error);
    expectInert(rendered.html);
    expect(rendered.html).toContain('&lt;');
  });

  it.each([
    ['[click](javascript:alert(1))', 'javascript:alert(1)'],
    ['[click](JaVaScRiPt:alert(1))', 'JaVaScRiPt:alert(1)'],
    ['[click](data:text/html;base64,PHNjcmlwdD4=)', 'data:text/html'],
    ['![pixel](data:image/png;base64,iVBORw0KGgo=)', 'data:image/png'],
    ['[click](vbscript:msgbox(1))', 'vbscript:msgbox(1)'],
  ])('a script or data link is refused, naming it: %s', (markdown, named) => {
    const rendered = renderArticle(`${markdown}\n`, 'en', root);
    expect(rendered.ok).toBe(false);
    expect(!rendered.ok && rendered.error).toContain(named);
  });

  it('the article profile alone makes hostile HTML inert, whatever a renderer lets through', () => {
    const html = sanitize(
      [
        '<p onclick="alert(1)">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a>',
        '<a href="java&#x09;script:alert(1)">c</a><img src="data:image/svg+xml,<svg onload=alert(1)>" alt="d">',
        '<img src="x" onerror="alert(1)" alt="e"><div style="x" class="table-scroll evil">f</div>',
        '<a href="//evil.example/">g</a><form action="/x"><input name="y"></form>',
      ].join(''),
      ARTICLE_HTML,
    );
    expectInert(html);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('evil');
    expect(html).toContain('<div class="table-scroll">f</div>');
  });
});
