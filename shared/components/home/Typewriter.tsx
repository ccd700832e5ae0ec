import { useEffect, useRef, useState } from 'react';

import type { TypewriterState } from '../../lib/typewriter';
import { clampLetterDelay, initialTypewriterState, runTypewriter } from '../../lib/typewriter';
import { useMotionAllowed } from './useMotionAllowed';

interface TypewriterProps {
  text: string;
  /** Milliseconds per letter, held to 100–150; deleting takes half. */
  delay?: number;
  /** Pause on the complete text, delete it, type it again, forever. */
  infinite?: boolean;
  className?: string;
}

/**
 * Types a word letter by letter. The whole word is always in the markup and
 * read by assistive technology; the moving letters are a decoration laid over
 * it (aria-hidden) while the word itself is made transparent, so it keeps its
 * width and the line never reflows. Without JavaScript, before hydration and
 * under reduced motion, the word simply stands.
 */
export function Typewriter({ text, delay = 120, infinite = false, className }: TypewriterProps) {
  const mode = infinite ? 'infinite' : 'once';
  const animate = useMotionAllowed();
  const [state, setState] = useState<TypewriterState>(() => initialTypewriterState(text, mode));
  // The timers continue from what is on screen when they restart (a prop or the motion setting changed).
  const current = useRef(state);

  useEffect(() => {
    if (!animate) return;
    return runTypewriter({
      text,
      mode,
      letterDelay: clampLetterDelay(delay),
      from: current.current,
      onChange: (next) => {
        current.current = next;
        setState(next);
      },
    });
  }, [animate, text, mode, delay]);

  const classes = ['home-typewriter', animate ? 'is-animated' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <span className="home-typewriter__word">{text}</span>
      <span className="home-typewriter__letters" aria-hidden="true">
        {/* The caret is this span's border: it grows from a fixed start, so nothing shifts. */}
        {animate ? <span className="home-typewriter__typed">{text.slice(0, state.length)}</span> : null}
      </span>
    </span>
  );
}
