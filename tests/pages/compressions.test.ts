import { describe, expect, it } from 'vitest';

import { createCompressions } from '../../server/pages/cache/compressions';

/** A piece of work that runs when called and ends when told, recording that it started. */
function work(started: string[], name: string) {
  let end = () => {};
  const run = () => {
    started.push(name);
    return new Promise<string>((resolve) => (end = () => resolve(name)));
  };
  return { run, end: () => end() };
}

/** Lets every callback already due run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the kept pages’ compressions (decision 092)', () => {
  it('compresses one page at a time, in the order they came', async () => {
    const compressions = createCompressions(100);
    const started: string[] = [];
    const [a, b] = [work(started, 'a'), work(started, 'b')];
    const first = compressions.run(10, a.run);
    const second = compressions.run(10, b.run);
    await settle();
    expect(started).toEqual(['a']);
    a.end();
    await expect(first).resolves.toBe('a');
    await settle();
    expect(started).toEqual(['a', 'b']);
    b.end();
    await expect(second).resolves.toBe('b');
  });

  it('refuses a page while the pages waiting would pass its bound with it, and takes pages again once they are done', async () => {
    const compressions = createCompressions(10);
    const started: string[] = [];
    const a = work(started, 'a');
    const first = compressions.run(6, a.run);
    expect(compressions.run(5, work(started, 'refused').run)).toBeUndefined();
    const b = work(started, 'b');
    const second = compressions.run(4, b.run);
    expect(second).toBeDefined();
    await settle();
    a.end();
    await first;
    await settle();
    b.end();
    await second;
    expect(started).toEqual(['a', 'b']);
    expect(compressions.run(10, () => Promise.resolve('again'))).toBeDefined();
  });

  it('takes a page larger than its bound when no other waits, and none beside it', async () => {
    const compressions = createCompressions(10);
    const started: string[] = [];
    const large = work(started, 'large');
    const running = compressions.run(50, large.run);
    expect(running).toBeDefined();
    expect(compressions.run(1, work(started, 'small').run)).toBeUndefined();
    await settle();
    large.end();
    await running;
    expect(compressions.run(1, () => Promise.resolve('small'))).toBeDefined();
  });

  it('goes on with the next page after one whose compression failed', async () => {
    const compressions = createCompressions(100);
    const failed = compressions.run(10, () => Promise.reject(new Error('no memory')));
    const next = compressions.run(10, () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('no memory');
    await expect(next).resolves.toBe('next');
  });
});
