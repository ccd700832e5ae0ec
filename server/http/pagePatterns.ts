import { routePatternOf, sitePages } from '../../shared/routes';

/**
 * Each page's route pattern ("/blog/:slug", "/es/blog/:slug") by its path, made once at start: the metrics
 * and the web-vitals beacon label by pattern, and a Map lookup spares a walk of the route table per request.
 */
export const pagePatterns: ReadonlyMap<string, string> = new Map(
  sitePages.flatMap((page) => {
    const pattern = routePatternOf(page.path);
    return pattern ? [[page.path, pattern] as const] : [];
  }),
);
