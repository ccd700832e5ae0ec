/**
 * The articles (decision 052): published from the database to the pages, feeds and sitemap; their JSON,
 * uploaded images and old slugs' 301s; the console's editor and preview; the job that follows what other
 * instances publish and publishes what is due.
 */
import type { RequestHandler } from 'express';

import { staffSignedIn } from '../console/auth';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { articleAuthors } from './authors';
import { createAutosaves } from './autosaves';
import { articleSection } from './consoleRoutes';
import type { ArticleContent } from './content';
import { createArticleContent, followArticles } from './content';
import { createArticleImages } from './images';
import { articlesLoaded } from './loadedGate';
import { servePublishedArticles } from './pages';
import { articlePreview } from './preview';
import { articlePublicRoutes, isOldSlugPath } from './publicRoutes';
import { sitePathExists } from './sitePaths';
import { createArticleStore } from './store';

interface Articles extends Feature {
  /** What is published now; its changes empty the page cache. */
  content: ArticleContent;
  /** Holds a request until the articles' first load, a few seconds at most, then runs it with these articles. */
  loaded: RequestHandler[];
  /** An article's old slug: answered by the app (a 301), never by the early not-found page. */
  isOldSlug: (path: string) => boolean;
}

/** `content`: the published articles already loading (a test's); loaded from the database by default. */
export function articles(site: Site, { content: given }: { content?: ArticleContent } = {}): Articles {
  const { db, config, logger, render } = site;
  const store = createArticleStore(db);
  const images = createArticleImages(db);
  const content = given ?? createArticleContent(store, config.rootDir, logger);
  // The shared pages read the published articles through this source, on the server.
  const withArticles = servePublishedArticles(content);
  const preview = articlePreview({
    render,
    rootDir: config.rootDir,
    publishedPosts: (locale) => content.current().posts[locale],
  });
  return {
    content,
    loaded: [articlesLoaded(content), withArticles],
    isOldSlug: isOldSlugPath(content),
    paths: ['/media'],
    routes: articlePublicRoutes({
      content,
      images,
      isStaff: staffSignedIn(db, config.siteUrl),
      rootDir: config.rootDir,
    }),
    console: [
      articleSection({
        store,
        rootDir: config.rootDir,
        preview,
        changed: () => content.refresh(),
        images,
        editorScript: () => site.assets().consoleEditorScript,
        autosaves: createAutosaves(db),
        authors: () => articleAuthors(db),
        pathExists: sitePathExists(content, config.rootDir),
      }),
    ],
    jobs: [
      {
        // The content version read every second (a change on any instance is shown here within it), and what
        // is due published every 5 s.
        what: 'articles follower',
        place: 'every process',
        start: () => followArticles(content, logger),
      },
      {
        // Uploads another process took and did not make (it stopped): made here (decision 075).
        what: 'article images left waiting',
        place: 'every process',
        start: () => {
          const timer = setInterval(
            () => void images.process().catch((error: unknown) => logger.error({ err: error }, 'article images')),
            30_000,
          );
          timer.unref();
          return { stop: () => clearInterval(timer) };
        },
      },
    ],
  };
}
