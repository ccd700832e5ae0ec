import { useLayoutEffect, useRef } from 'react';

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
 *
 * Each step writes the letters' text node itself, outside React: a render and a
 * commit per letter, twenty a cycle for as long as the page is open, were most of the
 * home page's script time after its hydration on a slow phone (decision 096). React
 * renders the letters' span empty and never touches its text.
 */
export function Typewriter({ text, delay = 120, infinite = false, className }: TypewriterProps) {
  const mode = infinite ? 'infinite' : 'once';
  const animate = useMotionAllowed();
  const typed = useRef<HTMLSpanElement>(null);
  // The timers continue from what is on screen when they restart (a prop or the motion setting changed).
  const current = useRef<TypewriterState>(undefined);

  // Before the frame that shows the span, so it never paints empty.
  useLayoutEffect(() => {
    const span = typed.current;
    if (!animate || !span) return;
    const from = (current.current ??= initialTypewriterState(text, mode));
    const letters = new Text(text.slice(0, from.length));
    span.replaceChildren(letters);
    return runTypewriter({
      text,
      mode,
      letterDelay: clampLetterDelay(delay),
      from,
      onChange: (next) => {
        current.current = next;
        letters.data = text.slice(0, next.length);
      },
    });
  }, [animate, text, mode, delay]);

  const classes = ['home-typewriter', animate ? 'is-animated' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <span className="home-typewriter__word">{text}</span>
      <span className="home-typewriter__letters" aria-hidden="true">
        {/* The caret is this span's border: it grows from a fixed start, so nothing shifts. */}
        {animate ? <span className="home-typewriter__typed" ref={typed} /> : null}
      </span>
    </span>
  );
}
