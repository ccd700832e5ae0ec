/**
 * The published articles as this instance serves them (decision 052): loaded from the store, reloaded when
 * the content version moves (a change made here or on another instance), and the schedule run beside it.
 */
import type { BlogPost, PostFacts } from '../../shared/content/blog';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { postPath } from '../../shared/model/articles';
import type { Logger } from '../http/logger';
import { createBodyCache } from './bodyCache';
import { goLiveProblem } from './goLive';
import { renderArticle } from './markdown';
import { byBlogOrder, toBlogPost } from './publicPost';
import { countReadTimes } from './readTimes';
import { seedArticles } from './seed';
import type { Article, ArticleStore } from './store';
import { uploadedImagesOf } from './uploadedImages';

/** The published articles of every language, as the public pages read them. */
export interface PublishedArticles {
  /** Each language's posts, newest first. */
  posts: Readonly<Record<Locale, readonly BlogPost[]>>;
  /** Each post's facts and its slug in every language it is published in, newest first: the route table's index. */
  index: readonly PostFacts[];
  /**
   * Each language's published slugs, each with its article's id: its body is read from the store and rendered
   * when asked for (ArticleContent.body), not held here (decision 092).
   */
  ids: Readonly<Record<Locale, ReadonlyMap<string, number>>>;
  /** The hashes of the uploaded images the published articles show, as covers or in their bodies. */
  images: ReadonlySet<string>;
  /** Each language's old slugs of published articles, each with the path it answers with now (a 301). */
  moved: Readonly<Record<Locale, ReadonlyMap<string, string>>>;
}

/** How often an instance reads the content version: a change anywhere is served here within about this long. */
const VERSION_POLL_MS = 1_000;
/** How often an instance publishes what is due: a scheduled article goes live at most this long after its minute. */
const SCHEDULE_MS = 5_000;
/** The rendered bodies kept, in characters: a few hundred articles' (decision 092). */
const BODY_CACHE_CHARS = 2_000_000;

async function loadPublished(store: ArticleStore, rootDir: string, logger: Logger): Promise<PublishedArticles> {
  const posts = {} as Record<Locale, BlogPost[]>;
  const ids = {} as Record<Locale, Map<string, number>>;
  const images = new Set<string>();
  const moved = {} as Record<Locale, Map<string, string>>;
  const counted: Pick<Article, 'id' | 'updatedAt' | 'readTime'>[] = [];
  for (const locale of locales) {
    posts[locale] = [];
    ids[locale] = new Map();
    moved[locale] = new Map([...(await store.redirects(locale))].map(([slug, article]) => [slug, postPath(article)]));
    const published = await store.published(locale);
    // A body counted by an earlier load is not rendered again (decision 094): a load renders what changed.
    const uncounted = published.filter((article) => !article.readTime);
    const counts = await countReadTimes({ bodies: uncounted.map(({ body }) => ({ body, locale })), rootDir });
    const countOf = new Map(uncounted.map(({ id }, index) => [id, counts[index]!]));
    for (const article of published) {
      const rendered = article.readTime ? { ok: true as const, readTime: article.readTime } : countOf.get(article.id)!;
      // Publishing checks the body; one that a later rule refuses stays off the site rather than break it.
      if (!rendered.ok) {
        logger.error({ article: article.id, reason: rendered.error }, 'published article not shown');
        continue;
      }
      if (!article.readTime)
        counted.push({ id: article.id, updatedAt: article.updatedAt, readTime: rendered.readTime });
      const post = toBlogPost(article, rendered.readTime);
      posts[locale].push(post);
      ids[locale].set(article.slug, article.id);
      // A cover counts when the post shows it; the body's images as its Markdown names them.
      for (const { hash } of uploadedImagesOf({ image: post.image ?? '', body: article.body })) images.add(hash);
    }
    posts[locale].sort(byBlogOrder);
  }
  if (counted.length) await store.keepReadTimes(counted);
  // The index follows the blog's order of every language's posts, each pair once, with its slugs.
  const byPair = new Map<number, PostFacts>();
  for (const post of locales.flatMap((locale) => posts[locale]).sort(byBlogOrder)) {
    const facts = byPair.get(post.id) ?? {
      id: post.id,
      slugs: {},
      date: post.date,
      category: post.category,
      featured: post.featured,
    };
    facts.slugs[post.locale] = post.slug;
    byPair.set(post.id, facts);
  }
  return { posts, ids, images, moved, index: [...byPair.values()] };
}

export interface ArticleContent {
  /** Resolves once the seed is in and the articles are loaded; a failed load is tried again until one succeeds. */
  ready: Promise<void>;
  /** Whether they are loaded yet: until then /readyz answers 503, so no proxy sends this instance visitors. */
  loaded(): boolean;
  /** The published articles as last loaded (call after `ready`). */
  current(): PublishedArticles;
  /** A published article's body as HTML, or null for a slug published in no such language (call after `ready`). */
  body(locale: Locale, slug: string): Promise<string | null>;
  /** Reads the content version and reloads when it moved; true when it did. */
  refresh(): Promise<boolean>;
  /** Called after each reload, with the new articles. */
  onChange(listener: (articles: PublishedArticles) => void): void;
  /** Publishes what is due, then refreshes: the schedule's one step. */
  publishDue(now?: Date): Promise<number>;
}

/** After a failed first load, the next try waits this long, doubling up to LOAD_RETRY_MAX_MS. */
const LOAD_RETRY_MS = 1_000;
const LOAD_RETRY_MAX_MS = 30_000;

export function createArticleContent(store: ArticleStore, rootDir: string, logger: Logger): ArticleContent {
  let articles: PublishedArticles | undefined;
  let version = -1;
  // Emptied at each reload: a body rendered before one is not kept after it.
  const bodies = createBodyCache(BODY_CACHE_CHARS);
  const listeners: ((articles: PublishedArticles) => void)[] = [];
  // One reload at a time: a poll that finds a reload under way waits for it.
  let refreshing: Promise<boolean> | undefined;

  const refresh = () => {
    refreshing ??= (async () => {
      try {
        const now = await store.version();
        if (now === version && articles) return false;
        const loaded = await loadPublished(store, rootDir, logger);
        version = now;
        articles = loaded;
        bodies.clear();
        for (const listener of listeners) listener(loaded);
        return true;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };

  let loaded = false;
  const ready = (async () => {
    // A database that is not answering yet (PostgreSQL still starting, say) only delays the first load.
    for (let wait = LOAD_RETRY_MS; ; wait = Math.min(wait * 2, LOAD_RETRY_MAX_MS)) {
      try {
        await store.seed(seedArticles);
        await refresh();
        loaded = true;
        return;
      } catch (error) {
        logger.error({ err: error, retryInMs: wait }, 'articles not loaded');
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
  })();

  return {
    ready,
    loaded: () => loaded,
    current() {
      if (!articles) throw new Error('The articles are not loaded yet: await ready first.');
      return articles;
    },
    async body(locale, slug) {
      const from = articles;
      const id = from?.ids[locale].get(slug);
      if (id === undefined) return null;
      const key = `${locale} ${slug}`;
      const kept = bodies.get(key);
      if (kept !== undefined) return kept;
      const article = await store.get(id);
      // Changed since the load (unpublished, or its slug): the next reload, within a second, says what is published.
      if (!article || article.state !== 'published' || article.locale !== locale || article.slug !== slug) return null;
      const rendered = renderArticle(article.body, locale, rootDir);
      if (!rendered.ok) return null;
      if (articles === from) bodies.set(key, rendered.html);
      return rendered.html;
    },
    refresh,
    onChange: (listener) => void listeners.push(listener),
    async publishDue(now = new Date()) {
      // What is due passes the checks "Publish now" runs, or goes back off the schedule, its revision saying why.
      const published = await store.publishDue(now, (article) => {
        const problem = goLiveProblem(article, rootDir);
        if (!problem) return undefined;
        logger.warn({ article: article.id, reason: problem.join(': ') }, 'scheduled article not published');
        return problem.join(': ');
      });
      if (published) await refresh();
      return published;
    },
  };
}

/** Runs the schedule and follows the content version until stopped; a failed step is logged and retried. */
export function followArticles(content: ArticleContent, logger: Logger): { stop(): void } {
  const step = (work: () => Promise<unknown>, what: string) => () =>
    void work().catch((error: unknown) => logger.error({ err: error }, what));
  const poll = setInterval(step(content.refresh, 'article refresh failed'), VERSION_POLL_MS);
  const schedule = setInterval(
    step(() => content.publishDue(), 'article schedule failed'),
    SCHEDULE_MS,
  );
  return {
    stop() {
      clearInterval(poll);
      clearInterval(schedule);
    },
  };
}
