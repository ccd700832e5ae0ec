/**
 * The most characters an export writes at a time (decision 098): 32 K characters are at most 64 KB, two bytes each,
 * under V8's 128 KB at which a string is made in its large-object space. Such a string is freed only by a full
 * collection, which V8 puts off until the heap is four times its live size; a smaller one dies young.
 */
export const PIECE_CHARS = 32_768;

/** Texts joined in order into pieces of at most PIECE_CHARS characters (a text longer than that is a piece alone). */
export function* joinedPieces(texts: Iterable<string>): Generator<string> {
  let piece: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (piece.length > 0 && length + text.length > PIECE_CHARS) {
      yield piece.join('');
      piece = [];
      length = 0;
    }
    piece.push(text);
    length += text.length;
  }
  if (piece.length > 0) yield piece.join('');
}
