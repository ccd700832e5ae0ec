import type { Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';

import { ANALYTICS_ENDPOINT, ANALYTICS_PIXEL, CLICK_EVENTS, sourceOf, touchOf } from '../../shared/lib/attribution';
import { localeOf } from '../../shared/lib/locale';
import { DEVICE_CLASSES } from '../../shared/lib/vitals';
import { routePatternOf } from '../../shared/routes';
import { OTHER_LABEL } from '../db/dailyCounts';
import type { AfterAnswer } from '../http/afterAnswer';
import { formEndpoint, parseBody } from '../http/formEndpoint';
import { perClientLimit } from '../http/rateLimit';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { deviceOf } from '../vitals/routes';
import { touchSchema } from './attribution';
import { notCounted } from './consent';
import type { AnalyticsStore, PageView } from './store';

/** One beacon per page view and per call or e-mail click: more than this a minute is not a person reading. */
const BEACONS_PER_MINUTE = 60;
const BODY_LIMIT_BYTES = 2 * 1024;

const beaconSchema = z.object({
  kind: z.enum(['view', ...CLICK_EVENTS]),
  page: z.string().startsWith('/').max(2048),
  device: z.enum(DEVICE_CLASSES),
  // The visit's first touch, as a form sends it (its landing page is not counted here).
  touch: touchSchema.partial({ landing: true }),
});

/** The smallest transparent GIF: what the <noscript> image gets. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The page view an image request stands for: the page it was loaded by (its Referer, on this site only). */
function pixelView(req: Request, siteUrl: string): PageView | undefined {
  const referer = req.get('referer');
  if (!referer || !URL.canParse(referer) || new URL(referer).origin !== new URL(siteUrl).origin) return undefined;
  const { pathname } = new URL(referer);
  // No script ran, so the site that linked to the page is unknown; the campaign labels are in its address.
  const { source, medium, campaign, content } = touchSchema.parse(touchOf(referer, undefined));
  return {
    page: routePatternOf(pathname) ?? OTHER_LABEL,
    path: pathname,
    locale: localeOf(pathname),
    device: deviceOf(req),
    // Each page without script is its own landing: only a campaign's link carries its tags.
    touch: { source, medium, campaign, content, referrer: '', landing: pathname },
  };
}

interface AnalyticsRoutesOptions {
  store: AnalyticsStore;
  siteUrl: string;
  /** The counting runs once the 204 is sent: the beacon never waits for the database. */
  afterAnswer: AfterAnswer;
  counters?: RateLimitCounters;
}

/**
 * POST /api/visits: a page view or a conversion click (decision 046), with the same checks as the vitals
 * beacon (same site, per-client limit, size). Always 204: a bot, a prefetch, Do Not Track or Global Privacy
 * Control are answered the same and not counted.
 */
export function analyticsRoutes({ store, siteUrl, afterAnswer, counters }: AnalyticsRoutesOptions): Router {
  const router = Router();
  const endpoint = formEndpoint({
    siteUrl,
    perMinute: BEACONS_PER_MINUTE,
    counters: counters?.('visits'),
    maxBytes: BODY_LIMIT_BYTES,
    textIsJson: true,
  });
  // Without JavaScript (decision 048): the <noscript> image of every page, counted from its Referer.
  router.get(
    ANALYTICS_PIXEL,
    perClientLimit({
      limit: BEACONS_PER_MINUTE,
      windowMs: 60_000,
      store: counters?.('visits-pixel'),
      onLimited: (_req, res) => res.end(),
    }),
    (req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      res.type('gif').send(PIXEL);
      const view = pixelView(req, siteUrl);
      if (!view || notCounted(req)) return;
      const client = { address: req.ip ?? req.socket.remoteAddress ?? '', userAgent: req.get('user-agent') ?? '' };
      afterAnswer.run('page view count', () => store.addView(view, client));
    },
  );
  router.post(ANALYTICS_ENDPOINT, ...endpoint, (req: Request, res: Response) => {
    const beacon = parseBody(req, res, beaconSchema);
    if (!beacon.ok) {
      res.status(400).json({ error: beacon.error });
      return;
    }
    res.status(204).end();
    if (notCounted(req)) return;
    const { kind, page: path, device, touch } = beacon.value;
    // Every path that is no page is "(other)", so a beacon cannot add pages.
    const page = routePatternOf(path) ?? OTHER_LABEL;
    const locale = localeOf(path);
    const client = { address: req.ip ?? req.socket.remoteAddress ?? '', userAgent: req.get('user-agent') ?? '' };
    afterAnswer.run('page view count', () =>
      kind === 'view'
        ? store.addView({ page, path, locale, device, touch }, client)
        : store.addClick(kind, { locale, device, source: sourceOf(touch) }, client),
    );
  });
  return router;
}
