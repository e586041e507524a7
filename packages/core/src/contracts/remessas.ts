import { z } from '../zod.ts';
import { listQuerySchema, messageResponse, paginationSchema } from './common.ts';
import type { LetterAddress } from './letter.ts';

/** The batch area's texts (spec 002 §5, §8); the ones the spec leaves to us are marked. */
export const REMESSA_MSG = {
  invalidFileTitle: 'Arquivo Inválido',
  invalidFile: 'Por favor, selecione um arquivo CSV válido.',
  tooLargeTitle: 'Arquivo Muito Grande',
  tooLarge: 'O arquivo deve ter no máximo 5MB.',
  encoding: 'Formato de arquivo incompatível. O arquivo deve estar em UTF-8.',
  empty: 'Arquivo vazio ou sem dados válidos',
  tooManyLines: 'O arquivo deve ter menos de 5.000 linhas',
  separator: 'Use ponto e vírgula (;) como separador de colunas',
  missingColumns: (columns: readonly string[]) => `Colunas obrigatórias ausentes: ${columns.join(', ')}`,
  uploadErrorTitle: 'Erro no Upload',
  uploadUnknown: 'Erro desconhecido durante o upload',
  uploadedTitle: 'Upload Realizado!',
  uploaded: 'Sua remessa foi enviada e está sendo processada.',
  previewNotReady: 'A prévia da remessa ainda não está disponível! Aguarde alguns minutos e tente novamente',
  warningTitle: 'Aviso!',
  reportEmpty: 'Não há nenhuma remessa no período escolhido!',
  periodRequired: 'Selecione um período',
  // Ours (the spec shows no text for these):
  convertTitle: 'Atenção',
  convertQuestion:
    'O arquivo está codificado em ISO-8859-1. Deseja convertê-lo automaticamente para UTF-8 e continuar o envio? (Continuar / Cancelar)',
  duplicateTitle: 'Arquivo já enviado',
  duplicate: (when: string, code: number) =>
    `Este mesmo arquivo já foi enviado em ${when} (remessa nº ${code}). Deseja enviá-lo novamente? As mensagens serão enviadas outra vez.`,
  futureDate: 'A data não pode ser posterior a hoje.',
  invalidDate: 'Informe as datas no formato AAAA-MM-DD.',
  reversedPeriod: 'A data inicial deve ser anterior ou igual à data final.',
  fileNameRequired: 'Informe o nome do arquivo.',
  contentRequired: 'Selecione um arquivo CSV.',
  idsRequired: 'Informe as remessas (ids).',
  failuresKept: 'Os registros das remessas com falha ficam disponíveis por 90 dias.',
  blankColumn: (position: number) => `A coluna ${position} do cabeçalho está sem nome.`,
  repeatedColumn: (name: string) => `A coluna ${name} aparece mais de uma vez no cabeçalho.`,
  listError: 'Houve um erro ao obter as remessas',
  previewError: 'Houve um erro ao obter a prévia da remessa',
  reportError: 'Houve um erro ao gerar o relatório',
} as const;

/** Required header columns (spec 002 §5), compared case-insensitively. */
export const REMESSA_REQUIRED_COLUMNS = ['ASSUNTO', 'NOME_DESTINATARIO', 'EMAIL_DESTINATARIO', 'MODELO'] as const;
/** Every column the spec names (§3 "Batch CSV columns"); any other column is a template variable. */
export const REMESSA_COLUMNS = [
  'ID',
  'ASSUNTO',
  'NOME_DESTINATARIO',
  'EMAIL_DESTINATARIO',
  'TELEFONE_DESTINATARIO',
  'TIPO_ENVIO_SMS',
  'MODELO',
  'TELEFONE_DESTINATARIO_WHATSAPP',
] as const;

/**
 * Ours, not the spec's (docs/remessas.md, "A line's channels"): the number an AR-Voz call goes to.
 * A line asks for the call when the cell has a number.
 */
export const REMESSA_VOICE_COLUMN = 'TELEFONE_DESTINATARIO_VOZ';

/**
 * Ours, not the spec's: the AR-Carta address, one column per field of compose's `carta`
 * (letterAddress). A line asks for the letter when any of these cells is filled; CARTA_NOME
 * blank takes NOME_DESTINATARIO.
 */
export const REMESSA_LETTER_COLUMNS = {
  nome: 'CARTA_NOME',
  endereco: 'CARTA_ENDERECO',
  numero: 'CARTA_NUMERO',
  complemento: 'CARTA_COMPLEMENTO',
  bairro: 'CARTA_BAIRRO',
  cidade: 'CARTA_CIDADE',
  estado: 'CARTA_ESTADO',
  cep: 'CARTA_CEP',
} as const satisfies Record<keyof LetterAddress, string>;

/** The optional columns of ours, in the order the example file has them. */
export const REMESSA_EXTRA_COLUMNS = [REMESSA_VOICE_COLUMN, ...Object.values(REMESSA_LETTER_COLUMNS)] as const;

/** Failure records (and their files) are kept this long, then removed (spec 002 §9). */
export const REMESSA_FAILURE_DAYS = 90;
/** The same file (SHA-256) again within this window asks before it is sent again. */
export const REMESSA_DUPLICATE_HOURS = 24;
/** The table cuts the failure reason here (spec 002 §9). */
export const REMESSA_REASON_CUT = 80;

// ---- statuses (spec 002 §4): remessa-status.ts ----
export * from './remessa-status.ts';

// ---- failure types (spec 002 §4; the labels are ours) ----

/**
 * The spec's nine, plus three it has no word for and a user must tell apart (docs/remessas.md):
 * the plan's credits, a channel this installation does not send yet, and a blocked recipient.
 */
export const REMESSA_FAILURE_TYPES = {
  ENCODING_ERROR: 'Codificação do arquivo',
  SEPARATOR_ERROR: 'Separador de colunas',
  REQUIRED_FIELDS: 'Campos obrigatórios',
  INVALID_FORMAT: 'Formato inválido',
  EMPTY_FILE: 'Arquivo vazio',
  TEMPLATE_ERROR: 'Modelo',
  HEADER_ERROR: 'Cabeçalho',
  ONLY_HEADER: 'Somente cabeçalho',
  SYSTEM_ERROR: 'Erro do sistema',
  CREDITS_ERROR: 'Créditos insuficientes',
  CHANNEL_UNAVAILABLE: 'Canal indisponível',
  BLOCKED_RECIPIENT: 'Destinatário bloqueado',
} as const;
export type RemessaFailureType = keyof typeof REMESSA_FAILURE_TYPES;
export const remessaFailureLabel = (tipo: string | null) => (tipo ? ((REMESSA_FAILURE_TYPES as Record<string, string>)[tipo] ?? tipo) : '');

// ---- calls (spec 002 §7 "Batch area") ----

export const REMESSA_TABS = ['sucesso', 'falha'] as const;
export type RemessaTab = (typeof REMESSA_TABS)[number];

export const REMESSA_LIST_COLUMNS = [
  'rem_codigo',
  'rem_nome',
  'rem_data_processamento',
  'rem_status_processamento',
  'rem_quantidade_registros',
] as const;
export const remessaListQuery = listQuerySchema({
  columns: REMESSA_LIST_COLUMNS,
  defaultColumn: 'rem_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 25,
  maxLimit: 100,
}).extend({
  tipo: z.enum(REMESSA_TABS, { error: 'Tipo de remessa inválido: use sucesso ou falha.' }).default('sucesso'),
});
export type RemessaListQuery = z.output<typeof remessaListQuery>;

const fileName = z
  .string({ error: REMESSA_MSG.fileNameRequired })
  .trim()
  .min(1, REMESSA_MSG.fileNameRequired)
  .max(200, 'O nome do arquivo deve ter no máximo 200 caracteres.');

/** 5 MB as base64 in a data URL, with room for its prefix. */
export const REMESSA_UPLOAD_MAX_CHARS = Math.ceil((5 * 1024 * 1024) / 3) * 4 + 200;

/**
 * POST /remessas/upload. `confirmarDuplicada` is the answer to the duplicate question: the same
 * file (SHA-256) sent within 24 h is refused with 409 and `duplicada` until the call is repeated
 * with `confirmarDuplicada: true` (docs/remessas.md).
 */
export const remessaUploadBody = z.object({
  contentBase64: z
    .string({ error: REMESSA_MSG.contentRequired })
    .min(1, REMESSA_MSG.contentRequired)
    .max(REMESSA_UPLOAD_MAX_CHARS, REMESSA_MSG.tooLarge),
  fileName,
  confirmarDuplicada: z.boolean().optional().default(false),
});
export type RemessaUploadBody = z.input<typeof remessaUploadBody>;

export const remessaUploadResponse = messageResponse.extend({ rem_codigo: z.number().int() });
export type RemessaUploadResponse = z.infer<typeof remessaUploadResponse>;
/** The 409 of a file already sent: the question and the earlier remessa. */
export const remessaDuplicateResponse = messageResponse.extend({
  duplicada: z.object({ rem_codigo: z.number().int(), rem_nome: z.string(), rem_data_criacao: z.string() }),
});
export type RemessaDuplicateResponse = z.infer<typeof remessaDuplicateResponse>;

/** POST /remessas/encoding-remessa: the file (data URL or base64), whole or its first part. */
export const remessaEncodingBody = z.object({
  content: z.string({ error: REMESSA_MSG.contentRequired }).min(1, REMESSA_MSG.contentRequired).max(REMESSA_UPLOAD_MAX_CHARS),
});
export const remessaEncodingResponse = z.object({ encoding: z.string() });
export type RemessaEncodingResponse = z.infer<typeof remessaEncodingResponse>;

/**
 * A file's lines as they are now (issue 43): `aguardando`, `na_fila`, `enviadas` and `falhas` add
 * up to its lines (`rem_quantidade_registros`) once validated; `enfileiradas` is how many became
 * AR messages so far (those in the queues, sent or failed after the send).
 */
export const remessaProgressSchema = z.object({
  /** Lines that became AR messages, so far (cumulative). */
  enfileiradas: z.number().int(),
  /** Valid lines not yet made into messages. */
  aguardando: z.number().int(),
  /** Messages in the queues: neither handed on nor failed yet. */
  na_fila: z.number().int(),
  /** Messages handed on (the relay accepted the e-mail, the provider the SMS or WhatsApp) and not failed since. */
  enviadas: z.number().int(),
  /** Lines refused by the validation plus messages that failed on every channel. */
  falhas: z.number().int(),
});
export type RemessaProgress = z.infer<typeof remessaProgressSchema>;

export const remessaSchema = z.object({
  rem_codigo: z.number().int(),
  rem_nome: z.string(),
  rem_data_criacao: z.string(),
  rem_data_processamento: z.string(),
  rem_status_processamento: z.string(),
  rem_quantidade_registros: z.number().int(),
  motivo_falha: z.string().nullable(),
  tipo_falha: z.string().nullable(),
  /**
   * Always null since 2026-12-07 (issue 43: one remessa per file, its refused lines inside it);
   * before, a failure record of a file's refused lines pointed to the file's own remessa.
   */
  rem_origem: z.number().int().nullable(),
  progresso: remessaProgressSchema,
});
export type Remessa = z.infer<typeof remessaSchema>;

export const remessaListResponse = z.object({ data: z.array(remessaSchema), pagination: paginationSchema });
export type RemessaListResponse = z.infer<typeof remessaListResponse>;

export const remessaStatsResponse = z.object({ total_sucessos: z.number().int(), total_falhas: z.number().int() });
export type RemessaStatsResponse = z.infer<typeof remessaStatsResponse>;

/** GET /remessas/retorno-full: several remessas' previews in one file. */
export const remessaRetornoFullQuery = z.object({
  ids: z.union([z.string(), z.array(z.string())], { error: REMESSA_MSG.idsRequired }).transform((v, ctx) => {
    const ids = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0 || ids.some((s) => !/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: REMESSA_MSG.idsRequired });
      return z.NEVER;
    }
    if (ids.length > 100) {
      ctx.addIssue({ code: 'custom', message: 'Informe no máximo 100 remessas.' });
      return z.NEVER;
    }
    return [...new Set(ids.map(Number))];
  }),
});

const isoDay = z
  .string({ error: REMESSA_MSG.periodRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, REMESSA_MSG.invalidDate)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), REMESSA_MSG.invalidDate);

/** Today in Brasília, YYYY-MM-DD: the last day a period may reach. */
export function brasiliaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** GET /remessas/relatorio: the period (Brasília days, 00:00:00 to 23:59:59) and the format (csv only). */
export const remessaReportQuery = z
  .object({
    format: z.enum(['csv'], { error: 'Formato inválido: use csv.' }).default('csv'),
    dataInicial: isoDay,
    dataFinal: isoDay,
  })
  .superRefine((q, ctx) => {
    const today = brasiliaToday();
    if (q.dataInicial > today || q.dataFinal > today) ctx.addIssue({ code: 'custom', message: REMESSA_MSG.futureDate });
    else if (q.dataInicial > q.dataFinal) ctx.addIssue({ code: 'custom', message: REMESSA_MSG.reversedPeriod });
  });
export type RemessaReportQuery = z.output<typeof remessaReportQuery>;

/** The period report's row count (header): 0 when the period has no remessa (the CSV then holds its header row only). */
export const REPORT_ROWS_HEADER = 'x-total-registros';

/** remessas_{dd-MM-yyyy}_{dd-MM-yyyy}.csv from the period's ISO days. */
export function remessaReportName(dataInicial: string, dataFinal: string): string {
  const day = (iso: string) => iso.split('-').reverse().join('-');
  return `remessas_${day(dataInicial)}_${day(dataFinal)}.csv`;
}

/** {name}_previa.csv: the uploaded name without its .csv. */
export const remessaPreviewName = (rem_nome: string) => `${rem_nome.replace(/\.csv$/i, '')}_previa.csv`;
