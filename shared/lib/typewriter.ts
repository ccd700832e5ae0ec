/**
 * The typewriter's timing as pure functions: the steps (the spec's rules), and the
 * letters' timeline they make, which the browser plays (typeInto), so the rules are
 * tested without a DOM.
 */

export type TypewriterMode = 'once' | 'infinite';

export interface TypewriterState {
  /** How many letters of the text are shown. */
  length: number;
  /** True while letters are being removed (infinite mode only). */
  deleting: boolean;
}

export interface TypewriterStep {
  /** The state to show next. */
  state: TypewriterState;
  /** Milliseconds to wait, from now, before showing it. */
  delay: number;
}

/** How long the complete text stays before infinite mode starts deleting it. */
export const TYPEWRITER_PAUSE_MS = 1000;
/** The spec's range for the delay between two letters. */
const TYPEWRITER_MIN_DELAY_MS = 100;
const TYPEWRITER_MAX_DELAY_MS = 150;

/** A letter delay held to the spec's 100–150 ms range. */
export function clampLetterDelay(delay: number): number {
  return Math.min(TYPEWRITER_MAX_DELAY_MS, Math.max(TYPEWRITER_MIN_DELAY_MS, delay));
}

/**
 * Where an animation starts once it may run: "once" types in from nothing;
 * "infinite" starts from the whole text the server already showed, so the
 * word does not vanish when the motion starts.
 */
export function initialTypewriterState(letterCount: number, mode: TypewriterMode): TypewriterState {
  return { length: mode === 'infinite' ? letterCount : 0, deleting: false };
}

/**
 * The next state and the delay before it, or null when a "once" animation is
 * complete. Each step adds or removes exactly one letter: typing takes one
 * letter delay, deleting half of it (double speed), and the complete text
 * stays TYPEWRITER_PAUSE_MS before the first letter goes.
 */
export function nextTypewriterStep(
  letterCount: number,
  mode: TypewriterMode,
  state: TypewriterState,
  letterDelay: number,
): TypewriterStep | null {
  if (letterCount === 0) return null;
  if (!state.deleting) {
    if (state.length < letterCount) return { state: { length: state.length + 1, deleting: false }, delay: letterDelay };
    if (mode === 'once') return null;
    return { state: { length: letterCount - 1, deleting: true }, delay: TYPEWRITER_PAUSE_MS };
  }
  if (state.length > 0) return { state: { length: state.length - 1, deleting: true }, delay: letterDelay / 2 };
  return { state: { length: 1, deleting: false }, delay: letterDelay };
}

/** The whole animation: how many letters show from each time (ms) on, over one run played once (and held) or forever. */
export interface TypewriterTimeline {
  duration: number;
  iterations: number;
  /** From the start, each time the count of letters changes; the first is at 0. */
  lengths: { at: number; length: number }[];
}

/**
 * The steps from the initial state laid out in time, over one run ("once": until the text is complete;
 * "infinite": one cycle, back to the whole text).
 */
export function typewriterTimeline(letterCount: number, mode: TypewriterMode, letterDelay: number): TypewriterTimeline {
  const start = initialTypewriterState(letterCount, mode);
  const lengths = [{ at: 0, length: start.length }];
  let state = start;
  let elapsed = 0;
  for (;;) {
    const step = nextTypewriterStep(letterCount, mode, state, letterDelay);
    if (!step) break;
    elapsed += step.delay;
    state = step.state;
    lengths.push({ at: elapsed, length: state.length });
    if (state.length === start.length && state.deleting === start.deleting) break;
  }
  return { duration: elapsed, iterations: mode === 'infinite' ? Infinity : 1, lengths };
}

/**
 * The keyframes that show the first letters over the timeline: a window that clips the word, moved left to
 * end after the letters shown (its right border is the caret), and the word inside it moved back by as much,
 * so the letters stay still. Both are transforms, which the browser animates without the page's main thread
 * (decision 103). `widths[n]` is the width in pixels of the first n letters; each value holds until the next.
 */
export function typewriterKeyframes(
  { duration, lengths }: TypewriterTimeline,
  widths: readonly number[],
): { window: Keyframe[]; word: Keyframe[] } {
  const whole = widths.at(-1) ?? 0;
  const frames = (sign: 1 | -1) =>
    lengths.map(({ at, length }) => ({
      offset: duration > 0 ? at / duration : 0,
      easing: 'step-end',
      transform: `translateX(${sign * (whole - (widths[length] ?? whole))}px)`,
    }));
  return { window: frames(-1), word: frames(1) };
}

/** The typewriter's word and its letters' span, by class: the component renders them, the home page's opening finds them. */
export const TYPEWRITER_CLASSES = { word: 'home-typewriter__word', typed: 'home-typewriter__typed' } as const;

interface TypewriterRun {
  text: string;
  mode: TypewriterMode;
  /** Milliseconds per letter typed, deleting takes half; not clamped here (clampLetterDelay is). */
  letterDelay: number;
}

/** A letters span's typewriter: it stays when it stops, so a restart goes on from what is on screen. */
interface Typing {
  animations: Animation[];
  stop?: () => void;
}

const typings = new WeakMap<Element, Typing>();

/** The width in pixels of the first n letters of the text node, for n from 0 to all of them (a layout read). */
function prefixWidths(text: Text, letters: readonly string[]): number[] {
  const range = document.createRange();
  range.setStart(text, 0);
  let end = 0;
  return [
    0,
    ...letters.map((letter) => {
      end += letter.length;
      range.setEnd(text, end);
      return range.getBoundingClientRect().width;
    }),
  ];
}

/**
 * Types `text` into `span`, outside any framework, and returns what stops it: the span's parent is the window
 * the letters show through (typewriterKeyframes). The browser plays the animation, so no script runs per letter
 * (a timer per letter was most of the home page's script on a slow phone, decision 103); the widths are read again
 * when the word's width changes (its web font arrives, the page is resized). One already running there (the
 * home page's, started before the page woke: decision 100) goes on as it is.
 */
export function typeInto(span: HTMLElement, { text, mode, letterDelay }: TypewriterRun): () => void {
  const clip = span.parentElement;
  if (!clip) return () => {};
  let typing = typings.get(span);
  if (!typing) {
    const letters = Array.from(text);
    const word = new Text(text);
    span.replaceChildren(word);
    const timeline = typewriterTimeline(letters.length, mode, letterDelay);
    const timing = { duration: timeline.duration, iterations: timeline.iterations, fill: 'forwards' } as const;
    let widths = prefixWidths(word, letters);
    const first = typewriterKeyframes(timeline, widths);
    const clipMoves = clip.animate(first.window, timing);
    const wordMoves = span.animate(first.word, timing);
    // Also told of the size it starts with, which the widths just read already fit.
    new ResizeObserver(([entry]) => {
      if (Math.abs((entry?.contentRect.width ?? 0) - (widths.at(-1) ?? 0)) < 0.01) return;
      widths = prefixWidths(word, letters);
      const next = typewriterKeyframes(timeline, widths);
      (clipMoves.effect as KeyframeEffect).setKeyframes(next.window);
      (wordMoves.effect as KeyframeEffect).setKeyframes(next.word);
    }).observe(span);
    typing = { animations: [clipMoves, wordMoves] };
    typings.set(span, typing);
  } else if (!typing.stop) {
    for (const animation of typing.animations) if (animation.playState === 'paused') animation.play();
  }
  const running = typing;
  running.stop ??= () => {
    for (const animation of running.animations) animation.pause();
    running.stop = undefined;
  };
  return running.stop;
}
