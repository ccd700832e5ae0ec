import { joinedPieces } from './textPieces';

/**
 * The text of `${JSON.stringify(records, null, 2)}\n`, byte for byte, a batch of records at a time: an export that
 * streams (decision 091) writes what the whole array would have been without holding it.
 */
export async function* jsonArrayChunks(batches: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  let first = true;
  for await (const records of batches) {
    if (records.length === 0) continue;
    // An element of a two-space array is its own text indented one step: JSON text has no raw line break but its own.
    const elements = records.map((record, index) => {
      const before = first && index === 0 ? '[\n' : ',\n';
      return `${before}  ${JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')}`;
    });
    yield* joinedPieces(elements);
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}
