import { EMAIL_MSG, MAX_ATTACHMENTS } from '@ar/core';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.ts';
import type { IncomingFile, ReadFiles } from './attachments.service.ts';

/**
 * The files of POST /emails/attachments as plain values, for attachments.service.ts: the parts of
 * the repeated multipart field 'attachments' (others are skipped), each read when the service asks
 * for the next, so a refused file stops the upload before the rest is read. The multipart limits
 * (a file over the user's limit, too many files) answer 400 with the spec's messages.
 */
export function attachmentFiles(request: FastifyRequest): ReadFiles {
  if (!request.isMultipart()) throw badRequest('Envie os arquivos no campo attachments (multipart/form-data).');
  return (limitBytes) => readParts(request, limitBytes);
}

async function* readParts(request: FastifyRequest, limitBytes: number): AsyncGenerator<IncomingFile> {
  try {
    for await (const part of request.files({ limits: { fileSize: limitBytes, files: MAX_ATTACHMENTS } })) {
      if (part.fieldname !== 'attachments') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      yield { filename: part.filename, mimetype: part.mimetype, data };
    }
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(EMAIL_MSG.attachmentsTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(EMAIL_MSG.tooManyAttachments);
  return badRequest('Não foi possível ler os arquivos enviados.');
}
