import { createHash, randomUUID } from 'node:crypto';
import { attachmentLimitBytes, attachmentType, attachmentTypeRefusal, EMAIL_MSG, type UploadedAttachment } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { acceptedMime } from '../../storage/content-type.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { findAttachmentLimit, insertAttachment } from './attachments.queries.ts';

/** One file of an upload as the route read it from the request (the declared type is not trusted). */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * The files of an upload, read one at a time as the service asks for them, each up to the user's
 * limit in bytes (attachments.request.ts reads them from a multipart request).
 */
export type ReadFiles = (limitBytes: number) => AsyncIterable<IncomingFile>;

/**
 * POST /emails/attachments: each file of the repeated field 'attachments' is checked by its
 * content (not only its name), stored, and answered with the uuid the send refers to.
 * Nothing is stored unless every file of the request is acceptable.
 */
export async function uploadAttachments(ctx: AppContext, scope: TenantScope, read: ReadFiles): Promise<UploadedAttachment[]> {
  const limit = attachmentLimitBytes({ usu_limite_anexo: await findAttachmentLimit(ctx.db, scope) });
  const files: { name: string; data: Buffer; mime: string }[] = [];
  let total = 0;
  for await (const file of read(limit)) {
    total += file.data.length;
    if (total > limit) throw badRequest(EMAIL_MSG.attachmentsTooLarge);
    const name = file.filename.replace(/[/\\]/g, '_').slice(0, 255) || 'anexo';
    const mime = acceptedMime(name, file.data.subarray(0, 16));
    if (!mime) throw badRequest(attachmentTypeRefusal([name], attachmentType(name) !== null));
    files.push({ name, data: file.data, mime });
  }
  if (files.length === 0) throw badRequest('Selecione ao menos um arquivo.');
  const out: UploadedAttachment[] = [];
  for (const f of files) {
    const uuid = randomUUID();
    const key = `attachments/${scope.owner}/${uuid}`;
    await ctx.storage.put(key, f.data, f.mime);
    await insertAttachment(ctx.db, scope, {
      ane_uuid: uuid,
      ane_nome_original: f.name,
      ane_mime: f.mime,
      ane_tamanho: f.data.length,
      ane_sha256: createHash('sha256').update(f.data).digest('hex'),
      ane_chave: key,
    });
    out.push({ originalFilename: f.name, uuidFilename: uuid, pathS3: key, mime: f.mime, size: f.data.length });
  }
  return out;
}

/** RFC 6266 filename for a download, keeping accents. */
export function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii || 'anexo'}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
