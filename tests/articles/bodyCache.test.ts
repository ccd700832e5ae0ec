import { describe, expect, it } from 'vitest';

import { createBodyCache } from '../../server/articles/bodyCache';

describe('the rendered bodies kept (decision 092)', () => {
  it('holds at most its bound in characters, dropping the least recently used first', () => {
    const cache = createBodyCache(10);
    cache.set('en a', 'aaaa');
    cache.set('en b', 'bbbb');
    cache.get('en a'); // b is now the least recently used
    cache.set('en c', 'cccc');
    expect(cache.calculatedSize).toBe(8);
    expect(cache.get('en b')).toBeUndefined();
    expect(cache.get('en a')).toBe('aaaa');
    expect(cache.get('en c')).toBe('cccc');
  });

  it('counts a body set again once, keeps none larger than its bound, and forgets all when cleared', () => {
    const cache = createBodyCache(10);
    cache.set('en a', 'aaaa');
    cache.set('en a', 'aaaaaa');
    expect(cache.calculatedSize).toBe(6);
    cache.set('en large', 'x'.repeat(11));
    expect(cache.get('en large')).toBeUndefined();
    expect(cache.get('en a')).toBe('aaaaaa');
    cache.set('en empty', '');
    expect(cache.get('en empty')).toBe('');
    cache.clear();
    expect(cache.calculatedSize).toBe(0);
    expect(cache.get('en a')).toBeUndefined();
  });
});
