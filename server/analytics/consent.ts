import type { Request } from 'express';
import { isbot } from 'isbot';

/** A prefetch or prerender names itself (Sec-Purpose; Purpose and X-Moz in older browsers): nobody saw the page yet. */
const isPrefetch = (req: Request) =>
  [req.get('sec-purpose'), req.get('purpose'), req.get('x-moz')].some((value) => value?.includes('prefetch'));

/** Do Not Track or Global Privacy Control: the visitor asked not to be counted. */
export const optedOut = (req: Request): boolean => req.get('dnt') === '1' || req.get('sec-gpc') === '1';

/** A request that is no person's page view or click, or one not to count: a bot, a prefetch, an opt-out. */
export const notCounted = (req: Request): boolean =>
  optedOut(req) || isPrefetch(req) || isbot(req.get('user-agent') ?? '');
