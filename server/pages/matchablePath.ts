/** A line terminator, percent-encoded: LF, CR, LINE SEPARATOR and PARAGRAPH SEPARATOR, in either case. */
const LINE_TERMINATOR = /%0a|%0d|%e2%80%a8|%e2%80%a9/gi;

/**
 * A URL's path as the route table can match it. React Router decodes the path, and its splat (".*") stops at
 * a line terminator, so "/x%0a" would match no route at all and the match would throw. Each encoded line
 * terminator stands here as "~", which no page or slug has: the path then matches what any other unknown
 * path of its section does, its not-found page (a 404, never a 500; decision 064).
 */
export const matchablePath = (pathname: string) => pathname.replace(LINE_TERMINATOR, '~');
