import { memo, Suspense, use } from 'react';

import { staticSectionsHold } from '../lib/staticSections';

interface BodyProps {
  /** The page loader's data: the text, or undefined while the first hydration held it. */
  html: string | null | undefined;
  /** Loads the text (the same promise on every call: loadBody keeps it). */
  load: () => Promise<string | null>;
}

function Body({ html, load }: BodyProps) {
  let text = html;
  if (text === undefined) {
    const hold = staticSectionsHold();
    if (hold) use(hold);
    text = use(load());
  }
  return <div className="prose" dangerouslySetInnerHTML={{ __html: text ?? '' }} />;
}

/**
 * A page's text that the build rendered from Markdown (an article's, a legal
 * page's), static like a static section: the first hydration keeps the
 * server's DOM and fetches nothing (its loader is a heldTextLoader); once a
 * navigation releases the hold, the text loads from its chunk. Memoized on the
 * text, so no parent render reaches it while it is held (the page cannot change then).
 */
export const StaticBody = memo(
  function StaticBody(props: BodyProps) {
    return (
      <Suspense fallback={null}>
        <Body {...props} />
      </Suspense>
    );
  },
  (before, after) => before.html === after.html,
);
