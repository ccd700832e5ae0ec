import type { RequestHandler } from 'express';

import type { ArticleContent } from './content';

/** How long a request waits for the articles' first load before it is told to come back. */
const FIRST_LOAD_WAIT_MS = 5_000;

/**
 * The app's gate before everything that shows the articles. Once they are loaded it costs a check. Before
 * that (the database still starting), a request waits for the first load, at most `waitMs`, then is
 * answered 503 with Retry-After, as during a restart (drain.ts): never left waiting for ever.
 */
export function articlesLoaded(content: ArticleContent, waitMs = FIRST_LOAD_WAIT_MS): RequestHandler {
  return (_req, res, next) => {
    if (content.loaded()) {
      next();
      return;
    }
    let waiting = true;
    const timer = setTimeout(() => {
      waiting = false;
      res
        .status(503)
        .set({ 'Cache-Control': 'no-store', 'Retry-After': '5' })
        .type('text/plain')
        .send('The site is starting. Please try again in a moment.\n');
    }, waitMs);
    void content.ready.then(() => {
      clearTimeout(timer);
      if (waiting) next();
    });
  };
}
