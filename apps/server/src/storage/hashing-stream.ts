import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

export interface HashedBytes {
  sha256: string;
  size: number;
}

/**
 * A stream that passes its bytes on and hashes them as the consumer reads (a 'data' listener would
 * start the flow before the consumer is there): a file's SHA-256 and size without reading it again.
 * `result()` is read once the stream has ended.
 */
export function hashingStream() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: (): HashedBytes => ({ sha256: hash.digest('hex'), size }) };
}
