import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TypewriterState } from '../../shared/lib/typewriter';
import {
  clampLetterDelay,
  initialTypewriterState,
  nextTypewriterStep,
  runTypewriter,
  TYPEWRITER_PAUSE_MS,
} from '../../shared/lib/typewriter';

const WORD = 'Experiences';

describe('nextTypewriterStep', () => {
  it('types one letter per letter delay', () => {
    expect(nextTypewriterStep(WORD, 'once', { length: 0, deleting: false }, 120)).toEqual({
      state: { length: 1, deleting: false },
      delay: 120,
    });
    expect(nextTypewriterStep(WORD, 'infinite', { length: 5, deleting: false }, 150)).toEqual({
      state: { length: 6, deleting: false },
      delay: 150,
    });
  });

  it('stops when the text is complete in "once" mode', () => {
    expect(nextTypewriterStep(WORD, 'once', { length: WORD.length, deleting: false }, 120)).toBeNull();
  });

  it('pauses 1000 ms on the complete text in infinite mode, then removes the first letter', () => {
    expect(nextTypewriterStep(WORD, 'infinite', { length: WORD.length, deleting: false }, 120)).toEqual({
      state: { length: WORD.length - 1, deleting: true },
      delay: 1000,
    });
  });

  it('deletes at double speed: half the letter delay', () => {
    expect(nextTypewriterStep(WORD, 'infinite', { length: 4, deleting: true }, 120)).toEqual({
      state: { length: 3, deleting: true },
      delay: 60,
    });
    expect(nextTypewriterStep(WORD, 'infinite', { length: 1, deleting: true }, 150)).toEqual({
      state: { length: 0, deleting: true },
      delay: 75,
    });
  });

  it('types again from nothing once everything is deleted', () => {
    expect(nextTypewriterStep(WORD, 'infinite', { length: 0, deleting: true }, 120)).toEqual({
      state: { length: 1, deleting: false },
      delay: 120,
    });
  });

  it('has nothing to do for an empty text', () => {
    expect(nextTypewriterStep('', 'infinite', { length: 0, deleting: false }, 120)).toBeNull();
  });

  it('walks a whole infinite cycle back to where it started, one letter per step', () => {
    let state: TypewriterState = initialTypewriterState(WORD, 'infinite');
    const lengths: number[] = [];
    let elapsed = 0;
    do {
      const step = nextTypewriterStep(WORD, 'infinite', state, 100);
      if (!step) throw new Error('infinite mode never stops');
      expect(Math.abs(step.state.length - state.length)).toBe(1);
      state = step.state;
      elapsed += step.delay;
      lengths.push(state.length);
    } while (state.length !== WORD.length);
    // The first letter goes after the 1000 ms pause, the other 10 at 50 ms, then 11 letters at 100 ms.
    expect(elapsed).toBe(TYPEWRITER_PAUSE_MS + 10 * 50 + 11 * 100);
    expect(Math.min(...lengths)).toBe(0);
  });
});

describe('initialTypewriterState', () => {
  it('starts "once" from nothing and infinite from the whole text the server showed', () => {
    expect(initialTypewriterState(WORD, 'once')).toEqual({ length: 0, deleting: false });
    expect(initialTypewriterState(WORD, 'infinite')).toEqual({ length: WORD.length, deleting: false });
  });
});

describe('clampLetterDelay', () => {
  it('holds the delay to the 100–150 ms range', () => {
    expect(clampLetterDelay(20)).toBe(100);
    expect(clampLetterDelay(120)).toBe(120);
    expect(clampLetterDelay(400)).toBe(150);
  });
});

describe('runTypewriter on timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one more letter every delay in "once" mode, then stops', () => {
    const seen: number[] = [];
    runTypewriter({
      text: 'Hey',
      mode: 'once',
      letterDelay: 120,
      from: { length: 0, deleting: false },
      onChange: (state) => seen.push(state.length),
    });
    vi.advanceTimersByTime(119);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(240);
    expect(seen).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([1, 2, 3]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pauses, deletes at double speed and retypes, forever, in infinite mode', () => {
    const seen: number[] = [];
    runTypewriter({
      text: 'Hey',
      mode: 'infinite',
      letterDelay: 100,
      from: { length: 3, deleting: false },
      onChange: (state) => seen.push(state.length),
    });
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1); // t = 1000: the pause is over, the first letter goes
    expect(seen).toEqual([2]);
    vi.advanceTimersByTime(100); // two more deletions at 50 ms
    expect(seen).toEqual([2, 1, 0]);
    vi.advanceTimersByTime(300); // three letters at 100 ms
    expect(seen).toEqual([2, 1, 0, 1, 2, 3]);
    vi.advanceTimersByTime(1000); // and the cycle starts again
    expect(seen).toEqual([2, 1, 0, 1, 2, 3, 2]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('stops scheduling when cancelled', () => {
    const seen: number[] = [];
    const stop = runTypewriter({
      text: WORD,
      mode: 'infinite',
      letterDelay: 100,
      from: { length: 0, deleting: false },
      onChange: (state) => seen.push(state.length),
    });
    vi.advanceTimersByTime(250);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([1, 2]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
