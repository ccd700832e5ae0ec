import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { generatedFiles } from '../../build/content/generate';
import { countWords } from '../../server/lib/markdown/readTime';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { retention } from '../../shared/content/retention';
import { posts as esPosts } from '../../shared/generated/posts.es';
import { loadArticleBody } from '../../shared/model/articleBodies';
import { adjacentPosts, articleHead, relatedPosts, truncateAtWord } from '../../shared/model/articles';
import { serveSeedArticles } from '../support/seedArticleSource';

serveSeedArticles();

const { categories: blogCategories, posts: blogPosts } = enPosts;

const ROOT = path.resolve(import.meta.dirname, '../..');
const bodies = Object.fromEntries(
  await Promise.all(blogPosts.map(async (post) => [post.slug, await loadArticleBody('en', post.slug)] as const)),
);

const esBodies = Object.fromEntries(
  await Promise.all(esPosts.map(async (post) => [post.slug, await loadArticleBody('es', post.slug)] as const)),
);

/** "A Step-by-Step Guide" as "a-step-by-step-guide": how each article's file, and so its URL, was named. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

describe('the Spanish posts, from shared/content/posts/es', () => {
  it('translate every English post, in the same order, keeping its facts', () => {
    const facts = ({ id, date, category, image, featured }: (typeof blogPosts)[number]) => ({
      id,
      date,
      category,
      image,
      featured,
    });
    expect(esPosts.map(facts)).toEqual(blogPosts.map(facts));
    expect(esPosts.every((post) => post.locale === 'es')).toBe(true);
  });

  it('name the same authors, with the title Spanish gives a woman doctor', () => {
    expect(esPosts.map((post) => post.author)).toEqual(
      blogPosts.map((post) => post.author.replace(/^Dr\. (Sarah Chen|Amara Okafor)$/, 'Dra. $1')),
    );
    expect(esPosts.map((post) => post.author)).toContain('Dra. Sarah Chen');
    expect(esPosts.map((post) => post.author)).toContain('Dr. Marcus Rivera');
  });

  it('have Spanish slugs taken from their titles, none the same as an English one', () => {
    const plain = (title: string) => slugOf(title.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
    for (const post of esPosts)
      expect(plain(post.title).startsWith(post.slug.split('-').slice(0, 3).join('-')), post.slug).toBe(true);
    expect(esPosts.filter((post) => blogPosts.some((english) => english.slug === post.slug))).toEqual([]);
  });

  it.each(esPosts.map((post, index) => [post.slug, post, blogPosts[index]!] as const))(
    "%s keeps the English article's shape: its sections, lists, tables and links",
    (slug, post, english) => {
      const html = esBodies[slug]!;
      const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
      for (const pattern of [/<h2>/g, /<h3>/g, /<li>/g, /<tr>/g, /<blockquote>/g, /<pre>/g])
        expect(count(html, pattern), `${slug} ${pattern}`).toBe(count(bodies[english.slug]!, pattern));
      const hrefs = (text: string) => [...text.matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
      expect(hrefs(html)).toEqual(hrefs(bodies[english.slug]!));
      expect(post.readTime).toBe(`${Math.ceil(countWords(html) / 200)} min de lectura`);
    },
  );

  it('each have a body', () => {
    for (const post of esPosts) expect(esBodies[post.slug], post.slug).toMatch(/^<p>/);
  });
});

describe('the blog posts, from their Markdown files', () => {
  it('are the six posts of the spec, newest first, with only the post with id 1 featured', () => {
    expect(blogPosts.map((post) => post.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(blogPosts.filter((post) => post.featured).map((post) => post.id)).toEqual([1]);
    const dates = blogPosts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(blogPosts.map((post) => post.category)).toEqual([
      'research',
      'technology',
      'sustainability',
      'tutorials',
      'industry',
      'technology',
    ]);
  });

  it('take their URL from their title', () => {
    for (const post of blogPosts) expect(post.slug).toBe(slugOf(post.title));
  });

  it.each(blogPosts.map((post) => [post.slug, post] as const))(
    '%s is a real article: 600 to 1,000 words, sections and a list or table',
    (slug, post) => {
      const html = bodies[slug]!;
      const words = countWords(html);
      expect(words).toBeGreaterThanOrEqual(600);
      expect(words).toBeLessThanOrEqual(1000);
      expect(html.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(3);
      expect(html).toMatch(/<(ul|ol|table)>/);
      expect(post.readTime).toBe(`${Math.ceil(words / 200)} min read`);
    },
  );

  it('each have a body, and there is none for a slug that names no article', async () => {
    for (const post of blogPosts) expect(await loadArticleBody('en', post.slug), post.slug).toMatch(/^<p>/);
    expect(await loadArticleBody('en', 'no-such-article')).toBeNull();
    expect(await loadArticleBody('en', 'constructor')).toBeNull();
    expect(await loadArticleBody('en', undefined)).toBeNull();
    // A Spanish slug is no English article, nor the other way round.
    expect(await loadArticleBody('en', esPosts[0]!.slug)).toBeNull();
    expect(await loadArticleBody('es', blogPosts[0]!.slug)).toBeNull();
  });

  it('are in step with their Markdown: the generated modules are what the content step writes now', () => {
    for (const [file, content] of generatedFiles(ROOT)) {
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), `${file} is stale: run "npm run content"`).toBe(content);
    }
  });
});

describe('the legal pages', () => {
  it("quote the retention periods from the retention module, with no placeholder left but the lab's legal facts", async () => {
    const { html } = await import('../../shared/generated/legal/privacy');
    expect(html).toContain(`${retention.leadsMonths} months after the last change to their status`);
    expect(html).toContain(`${retention.pendingDays} days`);
    expect(html).toContain(`${retention.vitalsDays} days`);
    // Those are the server's settings, filled in at run time (tests/build/legalFacts.test.ts).
    expect(html.replace(/\{\{legal\.\w+\}\}/g, '')).not.toContain('{{');
  });

  it('link to each other and to the contact page', async () => {
    const privacy = (await import('../../shared/generated/legal/privacy')).html;
    const terms = (await import('../../shared/generated/legal/terms')).html;
    expect(privacy).toContain('<a href="/terms">');
    expect(privacy).toContain('<a href="/contact">');
    expect(terms).toContain('<a href="/privacy">');
    expect(terms).toContain('<a href="/contact">');
  });
});

describe('article helpers', () => {
  const [newest, second, third] = blogPosts;

  it('cut a description at a word, to at most 160 characters', () => {
    expect(truncateAtWord('short')).toBe('short');
    const cut = truncateAtWord(newest!.excerpt);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(newest!.excerpt.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it("give an article's head its Open Graph facts", () => {
    expect(articleHead(third!, blogCategories)).toMatchObject({
      title: `${third!.title} | Meridian Lab`,
      article: { publishedTime: third!.date, author: third!.author, section: 'Sustainability' },
    });
  });

  it('find the older and the newer article in the blog order', () => {
    expect(adjacentPosts(blogPosts, newest!)).toEqual({ older: second, newer: undefined });
    expect(adjacentPosts(blogPosts, second!)).toEqual({ older: third, newer: newest });
    expect(adjacentPosts(blogPosts, blogPosts.at(-1)!).older).toBeUndefined();
  });

  it('offer three related articles, same category first, never the article itself', () => {
    const crispr = blogPosts.find((post) => post.id === 2)!;
    const related = relatedPosts(blogPosts, crispr);
    expect(related).toHaveLength(3);
    expect(related[0]!.id).toBe(6);
    expect(related).not.toContain(crispr);
  });
});
