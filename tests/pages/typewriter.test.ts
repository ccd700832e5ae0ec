import { describe, expect, it } from 'vitest';

import type { TypewriterState } from '../../shared/lib/typewriter';
import {
  clampLetterDelay,
  initialTypewriterState,
  nextTypewriterStep,
  TYPEWRITER_PAUSE_MS,
  typewriterKeyframes,
  typewriterTimeline,
} from '../../shared/lib/typewriter';

const WORD = 'Experiences';

describe('nextTypewriterStep', () => {
  it('types one letter per letter delay', () => {
    expect(nextTypewriterStep(WORD.length, 'once', { length: 0, deleting: false }, 120)).toEqual({
      state: { length: 1, deleting: false },
      delay: 120,
    });
    expect(nextTypewriterStep(WORD.length, 'infinite', { length: 5, deleting: false }, 150)).toEqual({
      state: { length: 6, deleting: false },
      delay: 150,
    });
  });

  it('stops when the text is complete in "once" mode', () => {
    expect(nextTypewriterStep(WORD.length, 'once', { length: WORD.length, deleting: false }, 120)).toBeNull();
  });

  it('pauses 1000 ms on the complete text in infinite mode, then removes the first letter', () => {
    expect(nextTypewriterStep(WORD.length, 'infinite', { length: WORD.length, deleting: false }, 120)).toEqual({
      state: { length: WORD.length - 1, deleting: true },
      delay: 1000,
    });
  });

  it('deletes at double speed: half the letter delay', () => {
    expect(nextTypewriterStep(WORD.length, 'infinite', { length: 4, deleting: true }, 120)).toEqual({
      state: { length: 3, deleting: true },
      delay: 60,
    });
    expect(nextTypewriterStep(WORD.length, 'infinite', { length: 1, deleting: true }, 150)).toEqual({
      state: { length: 0, deleting: true },
      delay: 75,
    });
  });

  it('types again from nothing once everything is deleted', () => {
    expect(nextTypewriterStep(WORD.length, 'infinite', { length: 0, deleting: true }, 120)).toEqual({
      state: { length: 1, deleting: false },
      delay: 120,
    });
  });

  it('has nothing to do for an empty text', () => {
    expect(nextTypewriterStep(0, 'infinite', { length: 0, deleting: false }, 120)).toBeNull();
  });

  it('walks a whole infinite cycle back to where it started, one letter per step', () => {
    let state: TypewriterState = initialTypewriterState(WORD.length, 'infinite');
    const lengths: number[] = [];
    let elapsed = 0;
    do {
      const step = nextTypewriterStep(WORD.length, 'infinite', state, 100);
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
    expect(initialTypewriterState(WORD.length, 'once')).toEqual({ length: 0, deleting: false });
    expect(initialTypewriterState(WORD.length, 'infinite')).toEqual({ length: WORD.length, deleting: false });
  });
});

describe('clampLetterDelay', () => {
  it('holds the delay to the 100–150 ms range', () => {
    expect(clampLetterDelay(20)).toBe(100);
    expect(clampLetterDelay(120)).toBe(120);
    expect(clampLetterDelay(400)).toBe(150);
  });
});

/** How many letters show at `at` ms into a run: the count from the last change at or before it. */
function shownAt(lengths: { at: number; length: number }[], at: number): number {
  return lengths.filter((change) => change.at <= at).at(-1)?.length ?? -1;
}

describe('typewriterTimeline', () => {
  it('shows one more letter every delay in "once" mode, and ends with the text complete', () => {
    const { duration, iterations, lengths } = typewriterTimeline(3, 'once', 120);
    expect({ duration, iterations }).toEqual({ duration: 360, iterations: 1 });
    expect(lengths).toEqual([
      { at: 0, length: 0 },
      { at: 120, length: 1 },
      { at: 240, length: 2 },
      { at: 360, length: 3 },
    ]);
  });

  it('pauses on the whole text, deletes at double speed and retypes in one cycle of infinite mode', () => {
    const { duration, iterations, lengths } = typewriterTimeline(3, 'infinite', 100);
    expect({ duration, iterations }).toEqual({ duration: 1000 + 2 * 50 + 3 * 100, iterations: Infinity });
    expect(lengths).toEqual([
      { at: 0, length: 3 },
      { at: 1000, length: 2 },
      { at: 1050, length: 1 },
      { at: 1100, length: 0 },
      { at: 1200, length: 1 },
      { at: 1300, length: 2 },
      { at: 1400, length: 3 },
    ]);
  });

  it('steps through the same states as nextTypewriterStep, for the whole word', () => {
    const { duration, lengths } = typewriterTimeline(WORD.length, 'infinite', 120);
    let state: TypewriterState = initialTypewriterState(WORD.length, 'infinite');
    let elapsed = 0;
    do {
      const step = nextTypewriterStep(WORD.length, 'infinite', state, 120);
      if (!step) throw new Error('infinite mode never stops');
      elapsed += step.delay;
      state = step.state;
      expect(shownAt(lengths, elapsed)).toBe(state.length);
      expect(shownAt(lengths, elapsed - 1)).toBe(state.length + (state.deleting ? 1 : -1));
    } while (state.length !== WORD.length);
    expect(elapsed).toBe(duration);
  });

  it('has nothing to animate for an empty text', () => {
    expect(typewriterTimeline(0, 'infinite', 120)).toEqual({
      duration: 0,
      iterations: Infinity,
      lengths: [{ at: 0, length: 0 }],
    });
  });
});

describe('typewriterKeyframes', () => {
  it('moves the window to end after the letters shown and the word back by as much, each value held until the next', () => {
    const timeline = typewriterTimeline(3, 'infinite', 100);
    const { window, word } = typewriterKeyframes(timeline, [0, 10, 18, 30]);
    const offsets = [0, 1000, 1050, 1100, 1200, 1300, 1400].map((at) => at / 1400);
    expect(window.map((frame) => frame.offset)).toEqual(offsets);
    expect(window.map((frame) => frame.transform)).toEqual(
      [0, 12, 20, 30, 20, 12, 0].map((px) => `translateX(${-px}px)`),
    );
    expect(word.map((frame) => frame.transform)).toEqual([0, 12, 20, 30, 20, 12, 0].map((px) => `translateX(${px}px)`));
    expect(new Set([...window, ...word].map((frame) => frame.easing))).toEqual(new Set(['step-end']));
  });
});
