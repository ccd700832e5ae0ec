import { describe, expect, it } from 'vitest';

import { formatDate } from '../../server/lib/dates';
import { catalogues } from '../../server/pages/catalogues';
import { gridSummary } from '../../shared/components/blog/PostGrid';
import type { BlogPost, PostCategory } from '../../shared/content/blog';
import { categoryValues, POSTS_PER_PAGE, RECENT_POSTS_COUNT } from '../../shared/content/blog';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { countOf } from '../../shared/lib/plural';
import type { BlogView } from '../../shared/model/blog';
import {
  authorInitials,
  blogHref,
  categoryLabel,
  countByCategory,
  isSubscribeSuccess,
  newsletterReturnHref,
  parseBlogQuery,
  parseCategory,
  parsePage,
  parseSubscribeOutcome,
  recentPosts,
  selectBlogView,
  subscribeOutcomeOf,
} from '../../shared/model/blog';

const { categories: blogCategories, posts: blogPosts } = enPosts;
const { newsletter } = enBlog;

const ids = (posts: readonly BlogPost[]) => posts.map((post) => post.id);

/** A larger list than today's six, to exercise paging: post 1 featured, then `count` others cycling through the categories. */
function manyPosts(count: number): BlogPost[] {
  const cycle: PostCategory[] = ['research', 'industry', 'tutorials', 'sustainability'];
  const others = Array.from({ length: count }, (_, index): BlogPost => ({
    ...blogPosts[1]!,
    id: index + 2,
    title: `Post ${index + 2}`,
    category: index < 14 ? 'technology' : cycle[index % cycle.length]!,
    featured: false,
  }));
  return [{ ...blogPosts[0]!, featured: true }, ...others];
}

describe('the blog content', () => {
  it('has six posts with every field, ISO dates, read times, image URLs, and only post 1 featured', () => {
    expect(blogPosts).toHaveLength(6);
    expect(ids(blogPosts)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const post of blogPosts) {
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.excerpt.length).toBeGreaterThan(40);
      expect(post.author).not.toBe('');
      expect(post.date).toMatch(/^2024-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(post.date))).toBe(false);
      expect(post.readTime).toMatch(/^\d+ min read$/);
      expect(post.dateText).toBe(formatDate(post.date, 'en'));
      expect(post.image).toMatch(/^\/images\/blog\/[\w-]+\.(svg|webp|avif)$/);
      expect(categoryValues).toContain(post.category);
    }
    expect(blogPosts.filter((post) => post.featured).map((post) => post.id)).toEqual([1]);
  });

  it('lists the six categories in order with the labels of the spec', () => {
    expect(blogCategories.map((category) => category.value)).toEqual([
      'all',
      'research',
      'technology',
      'industry',
      'tutorials',
      'sustainability',
    ]);
    expect(blogCategories.map((category) => category.label)).toEqual([
      'All Posts',
      'Research',
      'Technology',
      'Industry News',
      'Tutorials',
      'Sustainability',
    ]);
  });

  it('spreads the posts so filters differ and one category holds only the featured post', () => {
    const gridSizes = categoryValues.map((category) => selectBlogView(blogPosts, { category, page: 1 }).total);
    expect(new Set(gridSizes).size).toBeGreaterThan(2);
    const onlyFeatured = categoryValues.filter(
      (category) =>
        category !== 'all' && countByCategory(blogPosts)[category] === 1 && blogPosts[0]!.category === category,
    );
    expect(onlyFeatured).toEqual(['research']);
  });
});

describe('selectBlogView', () => {
  it('shows the featured post on top and the five others in the grid for "all"', () => {
    const view = selectBlogView(blogPosts, { category: 'all', page: 1 });
    expect(view.featured?.id).toBe(1);
    expect(ids(view.posts)).toEqual([2, 3, 4, 5, 6]);
    expect(view).toMatchObject({ total: 5, page: 1, pageCount: 1, nextPage: null, firstOfNextPage: null });
  });

  it.each([
    ['research', []],
    ['technology', [2, 6]],
    ['industry', [5]],
    ['tutorials', [4]],
    ['sustainability', [3]],
  ] as const)('filters the grid to %s and keeps the featured post on top', (category, expected) => {
    const view = selectBlogView(blogPosts, { category, page: 1 });
    expect(view.featured?.id).toBe(1);
    expect(ids(view.posts)).toEqual(expected);
    expect(view.posts.every((post) => post.category === category && !post.featured)).toBe(true);
    expect(view.total).toBe(expected.length);
  });

  it('puts only the newest featured post on top: another marked featured (by the staff) stays in the grid and Recent Posts', () => {
    const newer = { ...blogPosts[1]!, id: 7, date: '2026-11-20', featured: true };
    const posts = [newer, ...blogPosts];
    const view = selectBlogView(posts, { category: 'all', page: 1 });
    expect(view.featured?.id).toBe(7);
    expect(ids(view.posts)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(recentPosts(posts))).toEqual([1, 2, 3, 4, 5]);
  });

  it('never puts the featured post in the grid, even under its own category', () => {
    for (const category of categoryValues) {
      expect(ids(selectBlogView(blogPosts, { category, page: 1 }).posts)).not.toContain(1);
    }
  });

  it('shows all of today\'s posts on one page, so "Load More Posts" has nothing left', () => {
    expect(POSTS_PER_PAGE).toBe(6);
    for (const page of [1, 2, 99]) {
      const view = selectBlogView(blogPosts, { category: 'all', page });
      expect(view.page).toBe(1);
      expect(view.nextPage).toBeNull();
      expect(view.posts).toHaveLength(5);
    }
  });

  it('has no featured post when none is flagged, and shows every post in the grid', () => {
    const plain = blogPosts.map((post) => ({ ...post, featured: false }));
    const view = selectBlogView(plain, { category: 'all', page: 1 });
    expect(view.featured).toBeUndefined();
    expect(ids(view.posts)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('paging with a larger set of posts', () => {
  const posts = manyPosts(20); // 1 featured + 20 others: 14 technology, then 6 over the other categories

  it('shows six posts a page, each page only its own, and names the pages either side', () => {
    const first = selectBlogView(posts, { category: 'all', page: 1 });
    expect(first.posts).toHaveLength(6);
    expect(first).toMatchObject({ total: 20, page: 1, pageCount: 4, previousPage: null, nextPage: 2, before: 0 });
    expect(first.firstOfNextPage?.id).toBe(8);

    const second = selectBlogView(posts, { category: 'all', page: 2 });
    expect(ids(second.posts)).toEqual(ids(posts.slice(7, 13)));
    expect(second).toMatchObject({ page: 2, firstPage: 2, previousPage: 1, nextPage: 3, before: 6 });
    expect(second.firstOfNextPage?.id).toBe(14);

    const last = selectBlogView(posts, { category: 'all', page: 4 });
    expect(ids(last.posts)).toEqual(ids(posts.slice(19)));
    expect(last).toMatchObject({ page: 4, previousPage: 3, nextPage: null, firstOfNextPage: null });
  });

  it('shows the pages "Load More Posts" added in place, from the first one shown to the URL\'s', () => {
    const added = selectBlogView(posts, { category: 'all', page: 3, from: 2 });
    expect(ids(added.posts)).toEqual(ids(posts.slice(7, 19)));
    expect(added).toMatchObject({ page: 3, firstPage: 2, previousPage: 1, nextPage: 4, before: 6 });
    // A first page past the URL's is the URL's; one below 1 is the first.
    expect(selectBlogView(posts, { category: 'all', page: 2, from: 3 }).posts).toHaveLength(6);
    expect(selectBlogView(posts, { category: 'all', page: 2, from: 0 }).posts).toHaveLength(12);
  });

  it('clamps a page past the end to the last page, and a page below 1 to the first', () => {
    expect(selectBlogView(posts, { category: 'all', page: 50 })).toMatchObject({ page: 4, nextPage: null });
    expect(selectBlogView(posts, { category: 'all', page: 0 })).toMatchObject({ page: 1, nextPage: 2 });
    expect(selectBlogView(posts, { category: 'all', page: -3 }).posts).toHaveLength(6);
    expect(selectBlogView(posts, { category: 'all', page: 50 }).posts).toHaveLength(2);
  });

  it('pages within the selected category', () => {
    const first = selectBlogView(posts, { category: 'technology', page: 1 });
    expect(first).toMatchObject({ total: 14, pageCount: 3, nextPage: 2 });
    expect(first.posts.every((post) => post.category === 'technology')).toBe(true);
    const third = selectBlogView(posts, { category: 'technology', page: 3 });
    expect(third.posts).toHaveLength(2);
    expect(third.nextPage).toBeNull();
    const small = selectBlogView(posts, { category: 'tutorials', page: 1 });
    expect(small).toMatchObject({ pageCount: 1, nextPage: null });
  });

  it('honours another page size', () => {
    expect(selectBlogView(posts, { category: 'all', page: 1 }, 4)).toMatchObject({ pageCount: 5, nextPage: 2 });
    expect(selectBlogView(posts, { category: 'all', page: 2 }, 4).posts).toHaveLength(4);
  });
});

describe('countByCategory', () => {
  it('counts over all six posts, the featured one included', () => {
    expect(countByCategory(blogPosts)).toEqual({
      all: 6,
      research: 1,
      technology: 2,
      industry: 1,
      tutorials: 1,
      sustainability: 1,
    });
  });

  it('counts zero for a category without posts', () => {
    expect(countByCategory(blogPosts.filter((post) => post.category !== 'industry')).industry).toBe(0);
  });
});

describe('recentPosts', () => {
  it('lists the first five non-featured posts', () => {
    expect(RECENT_POSTS_COUNT).toBe(5);
    expect(ids(recentPosts(blogPosts))).toEqual([2, 3, 4, 5, 6]);
  });

  it('stops at five with more posts, and never includes the featured one', () => {
    expect(ids(recentPosts(manyPosts(20)))).toEqual([2, 3, 4, 5, 6]);
    expect(ids(recentPosts(blogPosts, 2))).toEqual([2, 3]);
  });
});

describe('reading the URL', () => {
  it('knows each category and falls back to "all" for anything else', () => {
    for (const category of categoryValues) expect(parseCategory(category)).toBe(category);
    for (const value of [null, undefined, '', 'Research', 'news', 'all ', '__proto__', 'toString']) {
      expect(parseCategory(value)).toBe('all');
    }
  });

  it('reads a page as a positive whole number, else 1', () => {
    expect(parsePage('2')).toBe(2);
    expect(parsePage('12')).toBe(12);
    for (const value of [null, '', '0', '-1', '1.5', 'two', '2abc', '99999', ' 2']) {
      expect(parsePage(value)).toBe(1);
    }
  });

  it('reads both from the query', () => {
    expect(parseBlogQuery(new URLSearchParams('category=tutorials&page=3'))).toEqual({
      category: 'tutorials',
      page: 3,
    });
    expect(parseBlogQuery(new URLSearchParams('category=nope'))).toEqual({ category: 'all', page: 1 });
  });

  it('reads the no-JavaScript sign-up outcome', () => {
    expect(parseSubscribeOutcome('pending')).toBe('pending');
    expect(parseSubscribeOutcome('already')).toBeNull();
    // Before double opt-in the outcome was "subscribed": such an old link shows nothing.
    expect(parseSubscribeOutcome('subscribed')).toBeNull();
    expect(parseSubscribeOutcome('invalid')).toBe('invalid');
    expect(parseSubscribeOutcome('limited')).toBe('limited');
    expect(parseSubscribeOutcome('bogus')).toBeNull();
    expect(parseSubscribeOutcome(null)).toBeNull();
  });
});

describe('writing URLs', () => {
  it('links "all" to /blog and other categories to ?category=', () => {
    expect(blogHref()).toBe('/blog');
    expect(blogHref({ category: 'all' })).toBe('/blog');
    expect(blogHref({ category: 'industry' })).toBe('/blog?category=industry');
  });

  it('adds the page after the first, and an anchor', () => {
    expect(blogHref({ page: 2 })).toBe('/blog?page=2');
    expect(blogHref({ category: 'technology', page: 3 }, 'post-9')).toBe('/blog?category=technology&page=3#post-9');
    expect(blogHref({ page: 1 }, 'post-2')).toBe('/blog#post-2');
  });

  it('sends the no-JavaScript sign-up back to its category, at the newsletter box', () => {
    expect(newsletterReturnHref('all', 'pending')).toBe('/blog?subscribe=pending#newsletter');
    expect(newsletterReturnHref('research', 'invalid')).toBe('/blog?category=research&subscribe=invalid#newsletter');
  });
});

describe('the newsletter outcomes', () => {
  it('maps the endpoint answers to what the reader is told', () => {
    expect(subscribeOutcomeOf(202, { status: 'pending' })).toBe('pending');
    expect(subscribeOutcomeOf(202, { status: 'delayed' })).toBe('delayed');
    expect(subscribeOutcomeOf(202, { status: 'held' })).toBe('held');
    expect(subscribeOutcomeOf(400, { error: 'Please enter a valid e-mail address.' })).toBe('invalid');
    expect(subscribeOutcomeOf(429, { error: 'Too many attempts.' })).toBe('limited');
    expect(subscribeOutcomeOf(429, { status: 'busy', error: 'Too many sign-ups.' })).toBe('busy');
    expect(subscribeOutcomeOf(500, null)).toBe('unreachable');
    expect(subscribeOutcomeOf(502, { status: 'delayed' })).toBe('unreachable');
  });

  it('announces successes politely and problems at once, each with its own message', () => {
    expect(isSubscribeSuccess('pending')).toBe(true);
    expect(isSubscribeSuccess('delayed')).toBe(true);
    expect(isSubscribeSuccess('held')).toBe(true);
    expect(isSubscribeSuccess('invalid')).toBe(false);
    expect(isSubscribeSuccess('busy')).toBe(false);
    expect(isSubscribeSuccess('limited')).toBe(false);
    expect(isSubscribeSuccess('unreachable')).toBe(false);
    expect(new Set(Object.values(newsletter.messages)).size).toBe(7);
    expect(newsletter.messages.invalid).toMatch(/valid e-mail address/);
    expect(newsletter.messages.limited).toMatch(/Too many attempts/);
  });
});

describe('display helpers', () => {
  it('labels categories and gives authors initials', () => {
    expect(categoryLabel('industry', blogCategories)).toBe('Industry News');
    expect(categoryLabel('all', blogCategories)).toBe('All Posts');
    expect(authorInitials('Dr. Sarah Chen')).toBe('SC');
    expect(authorInitials('Elena Vasquez')).toBe('EV');
    expect(authorInitials('Plato')).toBe('P');
  });
});

/** What the blog writes in each language, by the CLDR plural rules and Intl.DateTimeFormat: a check's expectations side by side. */
const wording = {
  counts: {
    en: [
      [1, '1 post'],
      [6, '6 posts'],
      [0, '0 posts'],
      [1200, '1,200 posts'],
      [12000, '12,000 posts'],
    ],
    es: [
      [1, '1 artículo'],
      [6, '6 artículos'],
      [0, '0 artículos'],
      [1200, '1.200 artículos'],
      [12000, '12.000 artículos'],
    ],
  },
  /** One post in Research, five in all, six of eight in Technology, none in Industry News, the second page of eight. */
  summaries: {
    en: [
      '1 post in Research',
      '5 posts',
      'Showing 6 of 8 posts in Technology',
      'No other posts in Industry News yet',
      'Showing 7–8 of 8 posts',
    ],
    es: [
      '1 artículo en Investigación',
      '5 artículos',
      'Mostrando 6 de 8 artículos en Tecnología',
      'Aún no hay más artículos en Noticias del sector',
      'Mostrando 7–8 de 8 artículos',
    ],
  },
  /** The real posts: all of them, then Research (whose only post is the featured one). */
  realSummaries: {
    en: ['5 posts', 'No other posts in Research yet'],
    es: ['5 artículos', 'Aún no hay más artículos en Investigación'],
  },
  /** One, then three posts left to read. */
  more: {
    en: ['1 more post to read', '3 more posts to read'],
    es: ['1 artículo más por leer', '3 artículos más por leer'],
  },
  /** How the pending sign-up message says the confirmation link lasts. */
  linkLifetime: { en: 'for 7 days.', es: 'válido por 7 días.' },
  dates: {
    en: [
      ['2024-03-08', 'March 8, 2024'],
      ['2024-03-15', 'March 15, 2024'],
      ['2024-02-05', 'February 5, 2024'],
      ['2024-12-31', 'December 31, 2024'],
    ],
    es: [
      ['2024-03-08', '8 de marzo de 2024'],
      ['2024-01-01', '1 de enero de 2024'],
      ['2024-02-29', '29 de febrero de 2024'],
      ['2024-12-31', '31 de diciembre de 2024'],
    ],
  },
} as const satisfies Record<string, Record<Locale, unknown>>;

describe.each(locales)('the blog in %s', (locale) => {
  const catalogue = catalogues[locale];
  const { intl } = localeTags[locale];

  /** A grid of `shown` posts out of `total`, after `before` on earlier pages, as selectBlogView returns it. */
  function view(shown: number, total: number, before = 0): BlogView {
    const posts = Array.from(
      { length: shown },
      (_, index) => ({ ...catalogue.posts.posts[1]!, id: index + 2 }) as BlogPost,
    );
    const page = before / POSTS_PER_PAGE + 1;
    return {
      featured: undefined,
      posts,
      before,
      total,
      page,
      firstPage: page,
      pageCount: page,
      previousPage: page > 1 ? page - 1 : null,
      nextPage: null,
      firstOfNextPage: null,
    };
  }

  it('counts posts by the plural rules of the language', () => {
    for (const [count, text] of wording.counts[locale])
      expect(countOf(intl, count, catalogue.blog.postForms)).toBe(text);
  });

  it('words the grid summary, with and without a category', () => {
    expect([
      gridSummary(view(1, 1), 'research', catalogue, locale),
      gridSummary(view(5, 5), 'all', catalogue, locale),
      gridSummary(view(6, 8), 'technology', catalogue, locale),
      gridSummary(view(0, 0), 'industry', catalogue, locale),
      gridSummary(view(2, 8, 6), 'all', catalogue, locale),
    ]).toEqual(wording.summaries[locale]);
  });

  it('summarises the real posts', () => {
    expect([
      gridSummary(selectBlogView(catalogue.posts.posts, { category: 'all', page: 1 }), 'all', catalogue, locale),
      gridSummary(
        selectBlogView(catalogue.posts.posts, { category: 'research', page: 1 }),
        'research',
        catalogue,
        locale,
      ),
    ]).toEqual(wording.realSummaries[locale]);
  });

  it("words what is left to read and the link's lifetime by the same rules", () => {
    expect([1, 3].map((count) => catalogue.blog.morePosts(countOf(intl, count, catalogue.blog.moreForms)))).toEqual(
      wording.more[locale],
    );
    expect(catalogue.blog.newsletter.messages.pending).toContain(wording.linkLifetime[locale]);
  });

  it("writes dates as the language's readers do, the same day on every time zone", () => {
    for (const [iso, text] of wording.dates[locale]) expect(formatDate(iso, locale)).toBe(text);
  });

  it('leaves a date that does not exist as it was written', () => {
    for (const unreadable of ['2024-02-30', 'not a date', 'mañana'])
      expect(formatDate(unreadable, locale)).toBe(unreadable);
  });
});
