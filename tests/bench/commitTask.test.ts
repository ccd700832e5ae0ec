import { describe, expect, it } from 'vitest';

import { commitTaskMs, type TraceEvent } from './commitTask';

const PAGE = 'http://127.0.0.1:4400/services';
/** A complete event on a renderer's main thread (its pid as its tid), `ms` long. */
const span =
  (name: string) =>
  (pid: number, ts: number, ms: number): TraceEvent => ({ name, pid, tid: pid, ts, dur: ms * 1000 });
const task = span('RunTask');
const commit = span('DocumentLoader::CommitNavigation');
const parse = (pid: number, ts: number, url: string): TraceEvent => ({
  ...span('ParseHTML')(pid, ts, 6),
  args: { beginData: { url } },
});

describe("a load's navigation commit, read from its trace", () => {
  it("is the whole task that committed the page, not only the commit's own event", () => {
    const events = [task(7, 1_000, 12.5), commit(7, 1_500, 3), parse(7, 20_000, PAGE)];
    expect(commitTaskMs(events, PAGE)).toBe(12.5);
  });

  it("is the page's commit: not about:blank's before it, nor another renderer's", () => {
    const events = [
      task(7, 0, 30),
      commit(7, 100, 2),
      task(7, 50_000, 8.25),
      commit(7, 50_100, 1),
      task(9, 50_000, 40),
      commit(9, 50_100, 35),
      parse(9, 60_000, 'about:blank#other'),
      parse(7, 70_000, PAGE),
    ];
    expect(commitTaskMs(events, PAGE)).toBe(8.25);
  });

  it('is unknown when the trace never parsed the page', () => {
    expect(commitTaskMs([task(7, 0, 12), commit(7, 100, 2)], PAGE)).toBeUndefined();
  });
});
