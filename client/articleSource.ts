/**
 * The browser's side of the published articles (decision 052): the page's own share from its data block
 * (decision 090), then a language's whole list and an article's body from the server's JSON on a
 * client-side navigation.
 */
import type { PageShare, PublishedPosts } from '../shared/content/publishedArticles';
import { setArticleSource, setPageShare } from '../shared/content/publishedArticles';
import type { Locale } from '../shared/lib/locale';

/** Each body once per visit: React's use() needs the same promise on every render. */
const bodies = new Map<string, Promise<string | null>>();

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The posts the first page shows, as the server rendered it: what its hydration renders from. */
export function takePageShare(fromPage: unknown): void {
  if (fromPage) setPageShare(fromPage as PageShare);
}

/** From here on, a page's texts load its language's whole list, and an article's body, from the server. */
export function serveArticlesFromServer(): void {
  setArticleSource({
    posts: async (locale: Locale) => (await getJson(`/api/articles/${locale}.json`)) as PublishedPosts,
    body(locale, slug) {
      const key = `${locale}/${slug}`;
      let body = bodies.get(key);
      if (!body) {
        body = getJson(`/api/articles/${key}.json`).then((found) => (found as { html: string } | null)?.html ?? null);
        // A failed fetch is tried again on the next navigation, not remembered.
        body.catch(() => bodies.delete(key));
        bodies.set(key, body);
      }
      return body;
    },
  });
}
