import { describe, expect, it } from 'vitest';

import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import type { PublishedPosts } from '../../shared/content/publishedArticles';
import {
  loadPublishedPosts,
  loadWholePublished,
  publishedPosts,
  setArticleSource,
  setPageShare,
  sharedBlogPages,
  sharedCounts,
} from '../../shared/content/publishedArticles';
import { countByCategory } from '../../shared/model/blog';

// Decision 090: the browser's first page renders from its share, and the whole list comes with the first navigation.
describe("a page's share of the published articles, in the browser", () => {
  it('stands for its language until the whole list loads, once however many ask', async () => {
    const whole = enPosts.posts;
    const share = whole.slice(0, 2);
    const blogPages = { all: 3, research: 1, technology: 2, industry: 1, tutorials: 1, sustainability: 1 };
    setPageShare({
      locale: 'en',
      index: [],
      posts: share,
      counts: countByCategory(whole),
      blogPages: { es: blogPages },
    });
    expect(publishedPosts('en')).toEqual(share);
    expect(sharedCounts('en')).toEqual(countByCategory(whole));
    // The blog's pages in each language, which its partial index cannot tell.
    expect(sharedBlogPages('es')).toEqual(blogPages);
    expect(sharedCounts('es')).toBeUndefined();

    const asked: string[] = [];
    setArticleSource({
      posts: async (locale): Promise<PublishedPosts> => {
        asked.push(locale);
        return { index: [], posts: { [locale]: whole } };
      },
      body: async () => null,
    });
    // A navigation's start and its page's texts ask together: one fetch.
    await Promise.all([loadWholePublished(), loadPublishedPosts('en')]);
    expect(asked).toEqual(['en']);
    expect(publishedPosts('en')).toEqual(whole);
    expect(sharedCounts('en')).toBeUndefined();
    expect(sharedBlogPages('es')).toBeUndefined();
    // Loaded whole, it is not asked for again.
    await Promise.all([loadWholePublished(), loadPublishedPosts('en')]);
    expect(asked).toEqual(['en']);
  });
});
