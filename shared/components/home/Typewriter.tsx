import { useLayoutEffect, useRef } from 'react';

import { clampLetterDelay, typeInto, TYPEWRITER_CLASSES } from '../../lib/typewriter';
import { useMotionAllowed } from './useMotionAllowed';

/** The letters' span as React renders it: empty, and never hydrated or written by React (see Typewriter). */
const NO_LETTERS = { __html: '' };

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
 * The letters are written once, outside React, and the browser animates them (typeInto):
 * a render and a commit per letter (decision 096), then a timer per letter (decision 103),
 * were most of the home page's script on a slow phone. React renders the letters' span
 * empty and never touches its content: on a first visit the home page's own script
 * (client/heroOpening.ts) starts the typewriter there before the page wakes, and the
 * component takes it over (decision 100).
 */
export function Typewriter({ text, delay = 120, infinite = false, className }: TypewriterProps) {
  const mode = infinite ? 'infinite' : 'once';
  const animate = useMotionAllowed();
  const typed = useRef<HTMLSpanElement>(null);
  const letterDelay = clampLetterDelay(delay);

  // Before the frame that shows the span, so it never paints empty.
  useLayoutEffect(() => {
    const span = typed.current;
    if (!animate || !span) return;
    return typeInto(span, { text, mode, letterDelay });
  }, [animate, text, mode, letterDelay]);

  const classes = ['home-typewriter', animate ? 'is-animated' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} data-typewriter={mode} data-letter-delay={letterDelay}>
      <span className={TYPEWRITER_CLASSES.word}>{text}</span>
      <span className="home-typewriter__letters" aria-hidden="true">
        {/* Once animated, the caret is this span's border: it grows from a fixed start, so nothing shifts. */}
        <span className={TYPEWRITER_CLASSES.typed} ref={typed} dangerouslySetInnerHTML={NO_LETTERS} />
      </span>
    </span>
  );
}
