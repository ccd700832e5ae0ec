import { Writable } from 'node:stream';

/** The response as the tee uses it: compression gives it a flush(). */
type Sink = NodeJS.WritableStream & { flush?: () => void };

/**
 * Where a page that is to be kept streams: each chunk goes on to the response
 * as it comes and is recorded, and once the response has the last one, onEnd
 * gets the whole body. React sees the response through it: flush() is the
 * response's, so compression still sends each piece React flushes, and it
 * closes when the response does, so React stops a render nobody reads.
 */
export class ResponseTee extends Writable {
  private readonly chunks: Buffer[] = [];
  /** The write waiting for the response to drain. */
  private waiting?: () => void;

  constructor(
    private readonly res: Sink,
    private readonly onEnd: (body: Buffer) => void,
  ) {
    super();
    res.once('close', () => this.destroy());
    // One listener for every drain: compression hands a response's drain listeners to its zlib stream, where a
    // once() is never taken off again, so one per full buffer would pile up on a long page.
    res.on('drain', () => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.();
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    if (this.res.write(chunk)) done();
    else this.waiting = done;
  }

  override _final(done: (error?: Error | null) => void): void {
    this.res.end();
    this.onEnd(Buffer.concat(this.chunks));
    done();
  }

  flush(): void {
    this.res.flush?.();
  }
}
