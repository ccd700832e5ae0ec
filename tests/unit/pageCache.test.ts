import { describe, expect, it } from 'vitest';
import { PageCache } from '../../server/pageCache';

const page = (text: string) => ({ status: 200, html: Buffer.from(text) });

describe('PageCache', () => {
  it('returns what was stored for a URL', () => {
    const cache = new PageCache(3);
    cache.set('/services', page('services'));
    expect(cache.get('/services')?.html.toString()).toBe('services');
    expect(cache.get('/blog')).toBeUndefined();
  });

  it('evicts the least recently used page beyond its bound', () => {
    const cache = new PageCache(2);
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    cache.get('/a'); // /b is now the least recently used
    cache.set('/c', page('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.html.toString()).toBe('a');
    expect(cache.get('/c')?.html.toString()).toBe('c');
  });
});
