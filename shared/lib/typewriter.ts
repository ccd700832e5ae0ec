/**
 * The typewriter's timing as a pure function: the component only keeps the
 * state and waits the returned delay, so the rules are tested without a DOM.
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
 * word does not vanish when the page becomes interactive.
 */
export function initialTypewriterState(text: string, mode: TypewriterMode): TypewriterState {
  return { length: mode === 'infinite' ? text.length : 0, deleting: false };
}

/**
 * The next state and the delay before it, or null when a "once" animation is
 * complete. Each step adds or removes exactly one letter: typing takes one
 * letter delay, deleting half of it (double speed), and the complete text
 * stays TYPEWRITER_PAUSE_MS before the first letter goes.
 */
export function nextTypewriterStep(
  text: string,
  mode: TypewriterMode,
  state: TypewriterState,
  letterDelay: number,
): TypewriterStep | null {
  const full = text.length;
  if (full === 0) return null;
  if (!state.deleting) {
    if (state.length < full) return { state: { length: state.length + 1, deleting: false }, delay: letterDelay };
    if (mode === 'once') return null;
    return { state: { length: full - 1, deleting: true }, delay: TYPEWRITER_PAUSE_MS };
  }
  if (state.length > 0) return { state: { length: state.length - 1, deleting: true }, delay: letterDelay / 2 };
  return { state: { length: 1, deleting: false }, delay: letterDelay };
}

interface TypewriterRun {
  text: string;
  mode: TypewriterMode;
  /** Milliseconds per letter typed, deleting takes half; not clamped here (clampLetterDelay is). */
  letterDelay: number;
  /** The state on screen when the run starts. */
  from: TypewriterState;
  /** Told of each new state, after its delay. */
  onChange: (state: TypewriterState) => void;
}

/**
 * Runs the steps on timers from a starting state, reporting each new state.
 * Returns the function that stops it (a component calls it on unmount).
 */
export function runTypewriter({ text, mode, letterDelay, from, onChange }: TypewriterRun): () => void {
  let state = from;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    const step = nextTypewriterStep(text, mode, state, letterDelay);
    if (!step) return;
    timer = setTimeout(() => {
      state = step.state;
      onChange(state);
      schedule();
    }, step.delay);
  };
  schedule();
  return () => clearTimeout(timer);
}

/** The typewriter's word and its letters' span, by class: the component renders them, the home page's opening finds them. */
export const TYPEWRITER_CLASSES = { word: 'home-typewriter__word', typed: 'home-typewriter__typed' } as const;

/** A letters span's typewriter: its state stays when it stops, so a restart goes on from what is on screen. */
interface Typing {
  state: TypewriterState;
  stop?: () => void;
}

const typings = new WeakMap<Element, Typing>();

/**
 * Types `text` into `span` through a text node of its own, outside any framework, and returns what stops it.
 * One already running there (the home page's, started before the page woke: decision 100) goes on as it is.
 */
export function typeInto(span: Element, { text, mode, letterDelay }: Omit<TypewriterRun, 'from' | 'onChange'>) {
  const typing = typings.get(span) ?? { state: initialTypewriterState(text, mode) };
  typings.set(span, typing);
  if (!typing.stop) {
    const letters = new Text(text.slice(0, typing.state.length));
    span.replaceChildren(letters);
    const stop = runTypewriter({
      text,
      mode,
      letterDelay,
      from: typing.state,
      onChange: (next) => {
        typing.state = next;
        letters.data = text.slice(0, next.length);
      },
    });
    typing.stop = () => {
      stop();
      typing.stop = undefined;
    };
  }
  return typing.stop;
}
