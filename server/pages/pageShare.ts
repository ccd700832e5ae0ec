/**
 * What a page that lists articles hands the browser (decision 090): the posts it shows, not its language's
 * whole list, which made every article and blog page grow with the blog (about 950 KB of HTML at 1,000
 * articles a language).
 */
import type { BlogPost } from '../../shared/content/blog';
import { loadedCatalogue } from '../../shared/content/i18n/catalogue';
import type { PageShare } from '../../shared/content/publishedArticles';
import { publishedIndex } from '../../shared/content/publishedArticles';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { blogPageCounts, countByCategory } from '../../shared/model/blog';
import type { PageRoute, ShownAt } from '../../shared/routes';

/**
 * The page's share: the posts its route shows, in the list's order (a subset in the same order gives its
 * choices, the adjacent and related posts, the same answers), their facts, the counts per category and the
 * blog's pages per category in each language.
 */
export function pageShare(route: PageRoute, locale: Locale, at: ShownAt): PageShare {
  const all = loadedCatalogue(locale).posts.posts;
  const shown = new Set<BlogPost | null | undefined>(route.shownPosts?.(all, at));
  const posts = all.filter((post) => shown.has(post));
  const ids = new Set(posts.map((post) => post.id));
  return {
    locale,
    index: publishedIndex().filter((facts) => ids.has(facts.id)),
    posts,
    counts: countByCategory(all),
    // Every language's, as a page of the blog names the same page in another language only where it exists.
    blogPages: Object.fromEntries(locales.map((each) => [each, blogPageCounts(publishedIndex(), each)])),
  };
}
