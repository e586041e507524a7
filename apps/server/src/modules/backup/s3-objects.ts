import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { ArchiveWriter } from './archive.ts';

/**
 * With S3_BUCKET the files live in the bucket (storage/s3-storage.ts): the archive lists every
 * object with its SHA-256 (read through once: S3's ETag is no hash of the content for multipart
 * uploads), and with --with-files carries the objects too, under s3/<key>. The AWS SDK is imported
 * only here, as the storage does.
 */
export async function addS3Objects(
  archive: ArchiveWriter,
  s3: NonNullable<Config['s3']>,
  withFiles: boolean,
): Promise<{ bucket: string; objetos: number; copiados: boolean }> {
  const { S3Client, ListObjectsV2Command, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: s3.forcePathStyle });
  const lines: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: object.Key }));
      const body = got.Body as Readable;
      const size = got.ContentLength ?? object.Size ?? 0;
      let sha256: string;
      if (withFiles) sha256 = (await archive.addStream(`s3/${object.Key}`, size, body)).sha256;
      else {
        const hash = createHash('sha256');
        for await (const chunk of body) hash.update(chunk as Buffer);
        sha256 = hash.digest('hex');
      }
      lines.push(JSON.stringify({ chave: object.Key, tamanho: size, sha256 }));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  await archive.addBuffer('s3/objetos.jsonl', Buffer.from(lines.length ? `${lines.join('\n')}\n` : ''));
  return { bucket: s3.bucket, objetos: lines.length, copiados: withFiles };
}
