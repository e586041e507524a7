import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the product keeps files (attachments, proofs, reports). Keys are relative paths made by
 * the product itself ("attachments/<user>/<uuid>"), never taken from a request.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file written on local disk, streamed (a bulk proof of thousands of pages never sits
   * in memory). The file is moved when it can be (local storage), copied otherwise; the caller
   * removes what is left.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

/** Files under DATA_DIR/files: the embedded default. */
export function localStorage(root: string): FileStorage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async putFile(key, filePath) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      // Renamed when on the same disk; copied beside and renamed otherwise: a reader never sees half a file.
      await fs.rename(filePath, tmp).catch(() => fs.copyFile(filePath, tmp));
      await fs.rename(tmp, file);
    },
    async open(key) {
      const file = full(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(file), size: stat.size };
    },
    async read(key) {
      return fs.readFile(full(key)).catch(() => null);
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
  };
}
