import { describe, expect, it } from 'vitest';

import { createTurns } from '../../server/lib/turns';

describe('turns on a key', () => {
  it('run one at a time in the order asked, other keys alongside', async () => {
    const turns = createTurns();
    const seen: string[] = [];
    const work = async (key: string, name: string) => {
      const end = await turns.take(key);
      seen.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`${name} ends`);
      end();
    };
    await Promise.all([work('a', 'first'), work('a', 'second'), work('b', 'other')]);
    expect(seen.filter((line) => !line.startsWith('other'))).toEqual([
      'first starts',
      'first ends',
      'second starts',
      'second ends',
    ]);
    // The other key did not wait for the first.
    expect(seen.indexOf('other starts')).toBeLessThan(seen.indexOf('first ends'));
  });

  it('end once, however often the end is called: a second call lets no one in early', async () => {
    const turns = createTurns();
    const endFirst = await turns.take('a');
    const second = turns.take('a');
    endFirst();
    const endSecond = await second;
    let thirdStarted = false;
    const third = turns.take('a').then((end) => {
      thirdStarted = true;
      return end;
    });
    endFirst();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(thirdStarted).toBe(false);
    endSecond();
    (await third)();
    expect(thirdStarted).toBe(true);
  });
});
