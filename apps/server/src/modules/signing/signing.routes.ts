import { VALIDAR_DOCUMENTO_FIELD, VALIDAR_DOCUMENTO_MAX_BYTES, validarDocumentoResultSchema } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { signingIdentity } from './signing-identity.ts';
import { countValidation, validateDocument } from './validator.ts';

/** The PDF signatures (docs/signatures.md): the signing certificate and the public document validator. */
export function signingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Assinatura de documentos';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/assinatura/certificado.pem',
    summary: 'Certificado que assina os PDFs desta instalação e a cadeia acima dele, em PEM',
    tag,
    auth: false,
    handler: async ({ reply }) =>
      reply
        .type('application/x-pem-file')
        .header('content-disposition', 'inline; filename="assinatura.pem"')
        .send((await signingIdentity(ctx.config)).pem),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/documentos/validar',
    summary:
      'Valida um PDF emitido por esta instalação (multipart, campo arquivo): assinatura PAdES sobre o arquivo (seguida só dos dados de validação), certificado, carimbo do tempo e registro do documento',
    tag,
    auth: false,
    upload: { field: VALIDAR_DOCUMENTO_FIELD, multiple: false },
    response: validarDocumentoResultSchema,
    handler: async ({ request }) => {
      await countValidation(ctx, request.ip);
      if (!request.isMultipart()) throw badRequest('Envie o PDF no campo arquivo (multipart/form-data).');
      let pdf: Buffer | null = null;
      try {
        for await (const part of request.files({ limits: { fileSize: VALIDAR_DOCUMENTO_MAX_BYTES, files: 1 } })) {
          if (part.fieldname !== VALIDAR_DOCUMENTO_FIELD) {
            part.file.resume();
            continue;
          }
          pdf = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('O arquivo passa de 30 MB.');
        throw badRequest('Não foi possível ler o arquivo enviado.');
      }
      if (!pdf?.length) throw badRequest('Envie o PDF no campo arquivo (multipart/form-data).');
      return validateDocument(ctx, pdf);
    },
  });
}
