import path from 'node:path';
import type { Config } from '../config.ts';
import { s3Storage } from './s3-storage.ts';
import { type FileStorage, localStorage } from './storage.ts';

export type { FileStorage } from './storage.ts';

/** DATA_DIR/files by default; the S3 bucket when S3_BUCKET is set. */
export function createStorage(config: Config): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  return localStorage(path.join(config.dataDir, 'files'));
}
