import { Suspense, memo, use } from 'react';
import { staticSectionsHold } from '../lib/staticSections';

/** A text that had to load after the first hydration, by its chunk's name. */
const loading = new Map<string, Promise<string | null>>();

interface BodyProps {
  /** The page loader's data: the text, or undefined while the first hydration held it. */
  html: string | null | undefined;
  /** The name of the text's chunk. */
  chunk: string;
  load: () => Promise<string | null>;
}

function Body({ html, chunk, load }: BodyProps) {
  let text = html;
  if (text === undefined) {
    const hold = staticSectionsHold();
    if (hold) use(hold);
    let pending = loading.get(chunk);
    if (!pending) loading.set(chunk, (pending = load()));
    text = use(pending);
  }
  return <div className="prose" dangerouslySetInnerHTML={{ __html: text ?? '' }} />;
}

/**
 * A page's text that the build rendered from Markdown (an article's, a legal
 * page's), static like a static section: the first hydration keeps the
 * server's DOM and fetches nothing (its loader is a heldTextLoader); once a
 * navigation releases the hold, the text loads from its chunk. Memoized on the
 * text and its name, so no parent render reaches it while it is held.
 */
export const StaticBody = memo(
  function StaticBody(props: BodyProps) {
    return (
      <Suspense fallback={null}>
        <Body {...props} />
      </Suspense>
    );
  },
  (before, after) => before.html === after.html && before.chunk === after.chunk,
);
