/**
 * Text made safe for a mail header or one labelled line of a body: every line
 * break (CR, LF, NEL, the Unicode line and paragraph separators), other control
 * character and bidirectional override (which would reverse what follows it in
 * a mail client) becomes a space, so a visitor's value can never start a header
 * or a line of its own.
 */
export function headerText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** A plain address (what the forms accept), or undefined: nothing that could carry a name, a list or a header. */
export function plainAddress(value: string): string | undefined {
  return /^[^\s<>(),;:"\\[\]@]+@[^\s<>(),;:"\\[\]@]+$/.test(value) ? value : undefined;
}
