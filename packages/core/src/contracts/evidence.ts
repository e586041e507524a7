import { z } from '../zod.ts';

/** Texts of spec 002 §8 (stamp validation) and the validator's own. */
export const EVIDENCE_MSG = {
  stampMissing: 'Carimbo não encontrado',
  hashMissing: 'Hash não encontrado',
  hashFormat: 'O hash deve ser um SHA-256 em hexadecimal (64 caracteres).',
  stampTooLarge: 'O carimbo informado é grande demais para um carimbo do tempo.',
  valid: (when: string, who: string) =>
    `Carimbo do tempo válido: o hash informado existia em ${when} (horário de Brasília), segundo ${who}.`,
  builtinWarning: 'Atenção: carimbo da TSA embutida desta instalação, não credenciada na ICP-Brasil.',
  invalid: 'Carimbo do tempo inválido.',
  notFound: 'Carimbo não encontrado',
} as const;

/**
 * A time-stamp authority's name as shown (pages, PDFs, the validator). The built-in TSA's
 * certificates made before 2026-11-25 name it '... (nao credenciada ICP-Brasil)' without the
 * accent, and every token and stored stamp of those installations repeats it: shown accented.
 */
export function tsaLabel(name: string): string;
export function tsaLabel(name: string | null): string | null;
export function tsaLabel(name: string | null): string | null {
  return name === null ? null : name.replace('(nao credenciada ICP-Brasil)', '(não credenciada ICP-Brasil)');
}

/** POST /v2/emails/validar-carimbo (spec 002 §7): the base64 of a TimeStampToken and the hash it should cover. */
export const validarCarimboSchema = z.object({
  carimboBase64: z
    .string({ error: EVIDENCE_MSG.stampMissing })
    .trim()
    .min(1, EVIDENCE_MSG.stampMissing)
    .max(200_000, EVIDENCE_MSG.stampTooLarge),
  hash: z
    .string({ error: EVIDENCE_MSG.hashMissing })
    .trim()
    .min(1, EVIDENCE_MSG.hashMissing)
    .regex(/^[0-9a-fA-F]{64}$/, EVIDENCE_MSG.hashFormat)
    .transform((v) => v.toLowerCase()),
});
export type ValidarCarimboInput = z.input<typeof validarCarimboSchema>;

/** GET /v2/emails/validar-carimbo/{token}: the token a validation answered, for the validator page. */
export const validarCarimboTokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) });

export const validarCarimboResultSchema = z.object({
  /** Opens the validator page: SHA-256 (hex) of the token's DER; GET /v2/emails/validar-carimbo/{token} answers this result again for a stored stamp. */
  token: z.string(),
  valido: z.boolean(),
  /** One sentence in plain Portuguese: valid, or the first reason why not. */
  mensagem: z.string(),
  /** Who stamped: the TSA's name. */
  carimbadoPor: z.string().nullable(),
  /** When: the token's genTime, ISO 8601 UTC, and as people read it (dd/MM/yyyy HH:mm:ss, Brasília). */
  dataHora: z.string().nullable(),
  dataHoraBrasilia: z.string().nullable(),
  /** Which hash the token covers (messageImprint, hex), and which one was asked about. */
  hashCarimbado: z.string().nullable(),
  hashInformado: z.string(),
  algoritmo: z.string().nullable(),
  serial: z.string().nullable(),
  politica: z.string().nullable(),
  /** The built-in TSA of this installation (not an ICP-Brasil accredited ACT). */
  tsaEmbutida: z.boolean(),
  verificacoes: z.object({ assinatura: z.boolean(), cadeiaCertificados: z.boolean(), hash: z.boolean() }),
  /** Every reason the token is not valid for that hash, in plain Portuguese. */
  problemas: z.array(z.string()),
  /** When the hash is one of this service's events: what it recorded (no message id: that is the public page's key). */
  evento: z.object({ canal: z.string(), tipo: z.string(), ocorridoEm: z.string() }).nullable(),
});
export type ValidarCarimboResult = z.output<typeof validarCarimboResultSchema>;

/** The field of POST /v2/documentos/validar (multipart) and its size limit. */
export const VALIDAR_DOCUMENTO_FIELD = 'arquivo';
export const VALIDAR_DOCUMENTO_MAX_BYTES = 30 * 1024 * 1024;

/**
 * POST /v2/documentos/validar: is this PDF one the product issued, signed and unchanged
 * (docs/signatures.md)? `valido` only when the signature verifies over the whole file, its
 * certificate is the installation's (or SIGNING_P12's chain) and the file's SHA-256 is recorded.
 */
export const validarDocumentoResultSchema = z.object({
  valido: z.boolean(),
  /** What the document is ('Comprovante de envio', 'Laudo pericial', …), when it is one the product recorded. */
  documento: z.string().nullable(),
  /** The message's protocol number, when the document is about one message. */
  protocolo: z.number().int().nullable(),
  /** The SHA-256 of the file (hex): what the product recorded when it issued it. */
  codigo: z.string(),
  /** When it was signed: the signature time-stamp's genTime (ISO 8601 UTC), else the claimed /M. */
  assinadoEm: z.string().nullable(),
  /** The signer certificate's common name. */
  assinante: z.string().nullable(),
  /** The signature time-stamp: who stamped and when, and whether it checks. */
  carimboDoTempo: z.object({ tsa: z.string(), dataHora: z.string(), valido: z.boolean() }).nullable(),
  /** Why it is not valid, in plain Portuguese. */
  motivo: z.string().optional(),
});
export type ValidarDocumentoResult = z.infer<typeof validarDocumentoResultSchema>;
