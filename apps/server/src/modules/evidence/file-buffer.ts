import fs from 'node:fs';

/**
 * A read-only file seen as a Buffer without being read into memory: each byte mmdb-lib asks for is
 * read from disk (positional reads of 4 KB pages, the last `cachedPages` of them kept). mmdb-lib
 * takes only a Buffer, so this is a Proxy over an empty one (`Buffer.isBuffer` holds) that answers
 * the reads mmdb-lib makes: indexing, `length`, the big-endian integer and float reads, `subarray`,
 * `slice` and `toString`. Anything else throws, so a newer mmdb-lib reading another way fails the
 * geo tests instead of answering wrong.
 *
 * Why: the DB-IP city files (IPv4 63 MB, IPv6 71 MB) were read whole into memory, 134 MB of the
 * server's resident memory for a lookup per recorded event (docs/performance.md, server memory).
 * The operating system's file cache keeps the pages that lookups touch, outside the process.
 */
export function fileBuffer(file: string, { pageSize = 4096, cachedPages = 256 } = {}): Buffer {
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  const pages = new Map<number, Buffer>(); // in order of use: the first is the least recently used

  function page(n: number): Buffer {
    let p = pages.get(n);
    if (p) {
      pages.delete(n);
    } else {
      p = Buffer.allocUnsafeSlow(Math.min(pageSize, size - n * pageSize));
      fs.readSync(fd, p, 0, p.length, n * pageSize);
      if (pages.size >= cachedPages) pages.delete(pages.keys().next().value as number);
    }
    pages.set(n, p);
    return p;
  }

  function byte(offset: number): number {
    if (!Number.isInteger(offset) || offset < 0 || offset >= size) throw new RangeError(`offset ${offset} outside the file`);
    return page(Math.floor(offset / pageSize))[offset % pageSize] as number;
  }

  /** A copy of [start, end), clamped to the file as Buffer.subarray clamps. */
  function copy(start = 0, end = size): Buffer {
    const from = Math.max(0, Math.min(start, size));
    const to = Math.max(from, Math.min(end, size));
    const out = Buffer.allocUnsafe(to - from);
    for (let o = from; o < to; ) {
      const n = Math.floor(o / pageSize);
      const p = page(n);
      const at = o - n * pageSize;
      const take = Math.min(p.length - at, to - o);
      p.copy(out, o - from, at, at + take);
      o += take;
    }
    return out;
  }

  function uintBE(offset: number, length: number): number {
    let value = 0;
    for (let i = 0; i < length; i++) value = value * 256 + byte(offset + i);
    return value;
  }

  const reads: Record<string, unknown> = {
    readUInt8: (offset: number) => byte(offset),
    readUInt16BE: (offset: number) => uintBE(offset, 2),
    readUInt32BE: (offset: number) => uintBE(offset, 4),
    readUIntBE: (offset: number, length: number) => uintBE(offset, length),
    readInt32BE: (offset: number) => uintBE(offset, 4) | 0,
    readFloatBE: (offset: number) => copy(offset, offset + 4).readFloatBE(0),
    readDoubleBE: (offset: number) => copy(offset, offset + 8).readDoubleBE(0),
    subarray: copy,
    slice: copy,
    toString: (encoding: BufferEncoding = 'utf8', start = 0, end = size) => copy(start, end).toString(encoding),
  };

  return new Proxy(Buffer.alloc(0), {
    get(target, prop) {
      if (typeof prop === 'symbol') return Reflect.get(target, prop);
      const c = prop.charCodeAt(0);
      if (c >= 48 && c <= 57) {
        const offset = Number(prop);
        return offset < size ? byte(offset) : undefined; // a typed array's index past its end
      }
      if (prop === 'length' || prop === 'byteLength') return size;
      if (Object.hasOwn(reads, prop)) return reads[prop];
      throw new Error(`fileBuffer: Buffer.${prop} is not provided`);
    },
  });
}
