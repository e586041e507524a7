import path from 'node:path';
import type { Config } from '../config.ts';
import { type FileStorage, localStorage } from './storage.ts';

export type { FileStorage } from './storage.ts';

/**
 * DATA_DIR/files by default; the S3 bucket when S3_BUCKET is set. The AWS SDK is imported only then:
 * loaded, it is ~20 MB of the server's resident memory (docs/performance.md, server memory).
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.s3) return (await import('./s3-storage.ts')).s3Storage(config.s3);
  return localStorage(path.join(config.dataDir, 'files'));
}
