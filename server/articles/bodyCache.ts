import { LRUCache } from 'lru-cache';

/**
 * Rendered article bodies by key, the least recently used dropped once their characters pass the bound
 * (decision 092). The published bodies are read from the store when asked for, not all held: the page
 * cache keeps the pages that show them, so a body is rendered again only when its page is. A body larger than
 * the bound is not kept.
 */
export const createBodyCache = (maxChars: number) =>
  new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (html) => Math.max(html.length, 1) });
