import express from 'express';
import { describe, expect, it } from 'vitest';

import { createDrain } from '../../server/http/drain';
import { createLogger } from '../../server/http/logger';
import { createMetrics } from '../../server/http/metrics';
import { requestStart } from '../../server/http/requestStart';
import { withEarlyAnswers } from '../../server/pages/cache/early';

const start = requestStart(false, createLogger({ logLevel: 'silent' }), createMetrics());
const pass: express.RequestHandler = (_req, _res, next) => next();

/** An app with a route at each kind of path the early not-found answer must leave to it, and the pages' catch-all. */
function app() {
  const site = express();
  site.get('/healthz', pass);
  site.use('/static', pass);
  site.get('/robots.txt', pass);
  const staff = express.Router();
  staff.get('/staff/leads/:id', pass);
  site.use(staff);
  site.get('/blog/:slug', pass); // a page's own pattern
  site.get('/{*splat}', pass);
  return site;
}

const answers =
  (prefixes: string[], fileNames = true) =>
  () =>
    withEarlyAnswers(app(), {
      cache: undefined,
      drain: createDrain(),
      start,
      beforePages: { prefixes, fileNames, oldSlug: () => false },
    });

describe('withEarlyAnswers', () => {
  it('starts when the paths answered before the pages name every route a GET reaches, in any case', () => {
    expect(answers(['/HEALTHZ', '/static', '/staff'])).not.toThrow();
    expect(answers(['/healthz', '/static', '/staff'])().routes()).toContainEqual({
      pattern: '/staff/leads/:id',
      methods: ['get'],
    });
  });

  it('refuses to start when a route is left out, naming it', () => {
    expect(answers(['/healthz', '/static'])).toThrow(
      'Routes answered before the pages, not named in beforePages: /staff/leads/:id',
    );
    expect(answers(['/healthz', '/static', '/staff'], false)).toThrow(/: \/robots\.txt$/);
    // A prefix names whole segments only.
    expect(answers(['/health', '/static', '/staff'])).toThrow(/: \/healthz$/);
  });

  it('takes a prefix only as a slash and whole segments', () => {
    for (const prefix of ['api', '/api/', '/', '//api'])
      expect(answers([prefix, '/healthz', '/static', '/staff']), prefix).toThrow(`Not a path prefix: "${prefix}"`);
  });
});
