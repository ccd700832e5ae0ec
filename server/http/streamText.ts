import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Response } from 'express';

/**
 * Sends text made a piece at a time (decision 091): the next piece is made only once the reader has taken the last,
 * so memory holds a piece rather than the whole answer, and a reader who goes away stops the making.
 */
export const streamText = (res: Response, pieces: AsyncIterable<string>): Promise<void> =>
  pipeline(Readable.from(pieces, { highWaterMark: 1 }), res);
