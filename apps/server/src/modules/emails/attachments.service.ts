import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_ATTACHMENT_LIMIT_MB, EMAIL_MSG, MAX_ATTACHMENTS } from '@ar/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { acceptedMime } from '../../storage/content-type.ts';
import type { Actor } from '../auth/actor.ts';

export interface UploadedAttachment {
  originalFilename: string;
  uuidFilename: string;
  pathS3: string;
  mime: string;
  size: number;
}

/**
 * POST /emails/attachments: each file of the repeated field 'attachments' is checked by its
 * content (not only its name), stored, and answered with the uuid the send refers to.
 * Nothing is stored unless every file of the request is acceptable.
 */
export async function uploadAttachments(ctx: AppContext, actor: Actor, request: FastifyRequest): Promise<UploadedAttachment[]> {
  if (!request.isMultipart()) throw badRequest('Envie os arquivos no campo attachments (multipart/form-data).');
  const user = await ctx.db
    .selectFrom('usuarios')
    .select('usu_limite_anexo')
    .where('usu_codigo', '=', actor.usu_codigo)
    .executeTakeFirstOrThrow();
  const limit = (user.usu_limite_anexo ?? DEFAULT_ATTACHMENT_LIMIT_MB) * 1024 * 1024;
  const files: { name: string; data: Buffer; mime: string }[] = [];
  let total = 0;
  try {
    for await (const part of request.files({ limits: { fileSize: limit, files: MAX_ATTACHMENTS } })) {
      if (part.fieldname !== 'attachments') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      total += data.length;
      if (total > limit) throw badRequest(EMAIL_MSG.attachmentsTooLarge);
      const name = part.filename.replace(/[/\\]/g, '_').slice(0, 255) || 'anexo';
      const mime = acceptedMime(name, data.subarray(0, 16));
      if (!mime) throw badRequest(EMAIL_MSG.attachmentType);
      files.push({ name, data, mime });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(EMAIL_MSG.attachmentsTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(EMAIL_MSG.tooManyAttachments);
    throw badRequest('Não foi possível ler os arquivos enviados.');
  }
  if (files.length === 0) throw badRequest('Selecione ao menos um arquivo.');
  const out: UploadedAttachment[] = [];
  for (const f of files) {
    const uuid = randomUUID();
    const key = `attachments/${actor.usu_codigo}/${uuid}`;
    await ctx.storage.put(key, f.data, f.mime);
    await ctx.db
      .insertInto('anexos')
      .values({
        ane_uuid: uuid,
        cod_usu: actor.usu_codigo,
        ane_nome_original: f.name,
        ane_mime: f.mime,
        ane_tamanho: f.data.length,
        ane_sha256: createHash('sha256').update(f.data).digest('hex'),
        ane_chave: key,
      })
      .execute();
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
