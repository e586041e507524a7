import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage } from './storage.ts';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/** An S3-compatible bucket (AWS, MinIO, R2...). Credentials come from the standard AWS_* variables. */
export function s3Storage(opts: S3Options): FileStorage {
  const client = new S3Client({ region: opts.region, endpoint: opts.endpoint, forcePathStyle: opts.forcePathStyle });
  const get = async (key: string) => {
    assertSafeKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async putFile(key, filePath, contentType) {
      assertSafeKey(key);
      const { size } = await stat(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async open(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async read(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
  };
}
