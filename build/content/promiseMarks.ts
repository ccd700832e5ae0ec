/**
 * The legal pages mark each sentence that states a fact about how personal data is handled with `{#id}`
 * just before it: the id is the sentence's in both languages, and docs/privacy-promises.md cites it in the
 * row that names the test proving it (decision 068). The marks are for that check only: the content step
 * takes them out before rendering, so no page shows them.
 */

/** One mark and the single space after it: `{#lead-purpose} `. */
const PROMISE_MARK = /\{#([a-z0-9]+(?:-[a-z0-9]+)*)\} ?/g;

/** The ids of a page's marks, in order. */
export const promiseMarkIds = (markdown: string): string[] =>
  [...markdown.matchAll(PROMISE_MARK)].map((match) => match[1]!);

/** The page's Markdown as it is rendered: without its marks. */
export const withoutPromiseMarks = (markdown: string): string => markdown.replace(PROMISE_MARK, '');
