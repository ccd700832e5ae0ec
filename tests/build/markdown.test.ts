import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { generatedFiles } from '../../build/content/generate';
import { countWords } from '../../server/lib/markdown/readTime';
import { renderMarkdown } from '../../server/lib/markdown/render';

const sizes = { '/images/blog/figure.svg': { width: 800, height: 450 } } as Record<
  string,
  { width: number; height: number }
>;
const render = (markdown: string) => renderMarkdown(markdown, { imageSize: (src) => sizes[src] });

describe('renderMarkdown', () => {
  it('shows raw HTML as text, never as markup', () => {
    const html = render(
      'Hello <script>alert(1)</script> and <img src=x onerror=alert(1)>\n\n<div style="color:red">block</div>\n',
    );
    expect(html.match(/<[a-z][^>]*>/g)).toEqual(['<p>']);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;div style=&quot;color:red&quot;&gt;');
  });

  it('marks links to other sites rel="noopener noreferrer", and leaves the site\'s own links and e-mail as they are', () => {
    const html = render('[NIH](https://www.nih.gov/), [contact](/contact), [top](#top) and hello@example.com');
    expect(html).toContain('<a href="https://www.nih.gov/" rel="noopener noreferrer">NIH</a>');
    expect(html).toContain('<a href="/contact">contact</a>');
    expect(html).toContain('<a href="#top">top</a>');
    expect(html).toContain('<a href="mailto:hello@example.com">hello@example.com</a>');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example/x', 'ftp://files.example/'])(
    'refuses a link to %s',
    (href) => {
      expect(() => render(`[click](${href})`)).toThrow(/link/);
    },
  );

  it('gives a site image its size, lazy loading and its alt text; refuses one without alt text or from another host', () => {
    expect(render('![A bar chart of solvent use](/images/blog/figure.svg)')).toContain(
      '<img src="/images/blog/figure.svg" alt="A bar chart of solvent use" width="800" height="450" loading="lazy" decoding="async">',
    );
    expect(() => render('![](/images/blog/figure.svg)')).toThrow(/no alt text/);
    expect(() => render('![A photo](https://cdn.example/photo.jpg)')).toThrow(/not a file under public/);
    expect(() => render('![A photo](/images/missing.svg)')).toThrow(/not a file under public/);
  });

  it('aligns table cells with classes, never align= or style=, in a scrollable, focusable region', () => {
    const html = render('| Name | Dose |\n|:---|---:|\n| A | 5 mg |\n');
    expect(html).toContain('<th scope="col" class="align-left">Name</th>');
    expect(html).toContain('<td class="align-right">5 mg</td>');
    expect(html).toMatch(/<div class="table-scroll" role="region" aria-label="Table: Name, Dose" tabindex="0"><table>/);
    expect(html).not.toMatch(/align="|style=/);
  });

  it("refuses a level-one heading: the title is the page's only h1", () => {
    expect(() => render('# Another title\n\nText')).toThrow(/h1/);
    expect(render('## Section\n\n### Part')).toBe('<h2>Section</h2>\n<h3>Part</h3>\n');
  });

  it('makes a code block focusable, so a keyboard can scroll a wide one', () => {
    expect(render('```text\n<a> & b\n```')).toBe(
      '<pre tabindex="0"><code class="language-text">&lt;a&gt; &amp; b</code></pre>\n',
    );
  });

  it('escapes code and counts only words a reader reads', () => {
    expect(render('`<b>`')).toBe('<p><code>&lt;b&gt;</code></p>\n');
    expect(countWords('<p>Three <em>short</em> words — and &amp; more</p>')).toBe(5);
  });
});

/** A Spanish post translating the English one named. */
const translation = (of = 'a-test-post', words = 'Unas palabras.\n') =>
  `---\ntranslationOf: ${of}\ntitle: "Un artículo de prueba"\nexcerpt: "Un resumen."\n---\n\n${words}`;

/** A project folder holding one post and the two legal pages, each with its Spanish translation, to run the content step on. */
function projectWith(post: string, name = 'a-test-post.md', spanish = translation(name.replace(/\.md$/, ''))): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-content-'));
  for (const dir of ['shared/content/posts/es', 'shared/content/legal/es', 'public/images/blog'])
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'public/images/blog/art.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 750"></svg>',
  );
  fs.writeFileSync(path.join(root, 'shared/content/posts', name), post);
  fs.writeFileSync(path.join(root, 'shared/content/posts/es/un-articulo-de-prueba.md'), spanish);
  for (const legal of ['privacy', 'terms']) {
    for (const folder of ['', 'es/']) {
      fs.writeFileSync(
        path.join(root, `shared/content/legal/${folder}${legal}.md`),
        `---\ntitle: "${legal}"\ndescription: "About ${legal}."\nupdated: "2026-01-02"\n---\n\nKept {{retention.vitalsDays}} days; write to {{site.privacyEmail}} at {{site.address}}.\n`,
      );
    }
  }
  return root;
}

const frontMatter = {
  id: '7',
  title: '"A Test Post"',
  excerpt: '"An excerpt."',
  author: '"Dr. Test"',
  date: '"2024-04-01"',
  category: '"research"',
  image: '"/images/blog/art.svg"',
  featured: 'false',
};

function post(
  fields: Partial<Record<keyof typeof frontMatter, string | undefined>> = {},
  body = 'Some words.\n',
): string {
  const lines = Object.entries({ ...frontMatter, ...fields })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

describe('the content step', () => {
  it('writes a typed post list, the seed of the articles with their Markdown, and the legal pages with their placeholders filled', () => {
    const files = generatedFiles(projectWith(post({}, `${'word '.repeat(401)}\n`)));
    const list = files.get('shared/generated/posts.ts')!;
    expect(list).toContain("import type { BlogPost } from '../content/blog';");
    expect(list).toContain('"slug": "a-test-post"');
    expect(list).toContain('"readTime": "3 min read"');
    const seed = files.get('server/articles/postSeed.ts')!;
    expect(seed).toContain('"slug": "a-test-post"');
    expect(seed).toContain(`"markdown": "\\n${'word '.repeat(401)}\\n"`);
    expect(files.has('shared/generated/posts/a-test-post.ts')).toBe(false);
    const privacy = files.get('shared/generated/legal/privacy.ts')!;
    expect(privacy).toContain('Kept 90 days');
    expect(privacy).toContain('<a href=\\"mailto:privacy@meridianlab.dev\\">');
  });

  it('writes each language its own post list and bodies: the translation with its own words and slug, and the English facts', () => {
    const files = generatedFiles(
      projectWith(
        post({}, `${'word '.repeat(401)}\n`),
        undefined,
        translation(undefined, `${'palabra '.repeat(201)}\n`),
      ),
    );
    const list = files.get('shared/generated/posts.es.ts')!;
    expect(list).toContain('"slug": "un-articulo-de-prueba"');
    expect(list).toContain('"title": "Un artículo de prueba"');
    expect(list).toContain('"author": "Dr. Test"');
    expect(list).toContain('"locale": "es"');
    expect(list).toContain('"readTime": "2 min de lectura"');
    // The route table's index names each post's slug in every language: the alternates of both. The lists leave them out.
    const slugs = '"slugs": {\n      "en": "a-test-post",\n      "es": "un-articulo-de-prueba"\n    }';
    expect(files.get('shared/generated/postIndex.ts')).toContain(slugs);
    expect(list).not.toContain('"slugs"');
    expect(files.get('server/articles/postSeed.ts')).toContain('"slug": "un-articulo-de-prueba"');
    expect(files.get('shared/generated/legal/es/privacy.ts')).toContain('Miami, FL 33131, Estados Unidos');
    expect(files.get('shared/generated/legal/privacy.ts')).toContain('Miami, FL 33131, United States');
    expect(files.get('shared/generated/legalBodies.ts')).toContain(`privacy": () => import('./legal/es/privacy')`);
  });

  it('stops on an English post without its Spanish translation, naming the article', () => {
    const root = projectWith(post());
    fs.rmSync(path.join(root, 'shared/content/posts/es/un-articulo-de-prueba.md'));
    expect(() => generatedFiles(root)).toThrow(
      'shared/content/posts/a-test-post.md: no Spanish translation; write shared/content/posts/es/<its Spanish slug>.md with "translationOf: a-test-post"',
    );
  });

  it('stops on a Spanish post that translates no English one, and on two translations of one post', () => {
    expect(() => generatedFiles(projectWith(post(), undefined, translation('no-such-post')))).toThrow(
      'shared/content/posts/es/un-articulo-de-prueba.md: front matter field "translationOf": there is no English post shared/content/posts/no-such-post.md',
    );
    const root = projectWith(post());
    fs.writeFileSync(path.join(root, 'shared/content/posts/es/otro.md'), translation());
    expect(() => generatedFiles(root)).toThrow('already translates a-test-post.md');
  });

  it("stops on a translation that repeats the facts, which are the English post's", () => {
    expect(() =>
      generatedFiles(projectWith(post(), undefined, translation().replace('title:', 'date: "2024-04-01"\ntitle:'))),
    ).toThrow('shared/content/posts/es/un-articulo-de-prueba.md: unknown front matter field(s) "date"');
  });

  it("lets a translation write the author's title as its language does, never name another person", () => {
    const byline = (author: string) => translation().replace('title:', `author: "${author}"\ntitle:`);
    const list = generatedFiles(projectWith(post(), undefined, byline('Dra. Test'))).get(
      'shared/generated/posts.es.ts',
    );
    expect(list).toContain('"author": "Dra. Test"');
    expect(generatedFiles(projectWith(post())).get('shared/generated/posts.es.ts')).toContain('"author": "Dr. Test"');
    expect(() => generatedFiles(projectWith(post(), undefined, byline('Dra. Otra')))).toThrow(
      'shared/content/posts/es/un-articulo-de-prueba.md: front matter field "author": "Dra. Otra" is not "Dr. Test" of shared/content/posts/a-test-post.md; a translation may change only the title',
    );
  });

  it('stops on a legal page without its Spanish translation, naming it', () => {
    const root = projectWith(post());
    fs.rmSync(path.join(root, 'shared/content/legal/es/terms.md'));
    expect(() => generatedFiles(root)).toThrow(
      'shared/content/legal/terms.md: no Spanish translation; write shared/content/legal/es/terms.md',
    );
  });

  it.each([
    ['a missing field', post({ author: undefined }), 'a-test-post.md: front matter field "author": missing'],
    ['an empty title', post({ title: '""' }), 'front matter field "title": must not be empty'],
    ['a date that is not a date', post({ date: '"2024-02-30"' }), 'front matter field "date": not a real date'],
    [
      'a date in another format',
      post({ date: '"15/03/2024"' }),
      'front matter field "date": expected a date as "YYYY-MM-DD"',
    ],
    ['an unknown category', post({ category: '"gossip"' }), 'front matter field "category"'],
    ['a featured flag that is not a boolean', post({ featured: '"yes"' }), 'front matter field "featured"'],
    [
      'an image with no file',
      post({ image: '"/images/blog/none.svg"' }),
      'front matter field "image": no image file at public/images/blog/none.svg',
    ],
    ['a misspelt field', `${post()}`.replace('featured:', 'feature:'), 'unknown front matter field(s) "feature"'],
    ['no front matter at all', 'Just text.\n', 'a-test-post.md: no front matter'],
    ['raw HTML that is a level-one heading', post({}, '# Title again\n'), 'a-test-post.md: a "# " heading in the body'],
  ])('stops on %s, naming the file and the field', (_case, source, message) => {
    expect(() => generatedFiles(projectWith(source))).toThrow(message);
  });

  it('stops on a file name that cannot be a URL', () => {
    expect(() => generatedFiles(projectWith(post(), 'My Post.md'))).toThrow(
      "My Post.md: the file name is the article's URL",
    );
  });

  it('stops on an unknown placeholder in a legal page', () => {
    const root = projectWith(post());
    fs.appendFileSync(path.join(root, 'shared/content/legal/terms.md'), 'Call {{site.fax}}.\n');
    expect(() => generatedFiles(root)).toThrow('shared/content/legal/terms.md: unknown placeholder {{site.fax}}');
    // The lab's legal facts are left for the server to fill, but only the ones it has.
    const other = projectWith(post());
    fs.appendFileSync(path.join(other, 'shared/content/legal/es/terms.md'), 'Fax: {{legal.fax}}.\n');
    expect(() => generatedFiles(other)).toThrow('shared/content/legal/es/terms.md: unknown placeholder {{legal.fax}}');
  });
});
