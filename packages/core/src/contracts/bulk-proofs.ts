import { z } from '../zod.ts';
import { listQuerySchema, messageResponse, pagedResponse } from './common.ts';
import { dayLabel, daysInPeriod, periodDay, REPORT_MSG } from './reports.ts';
import { type Channel, STATUS_LABELS, type StatusType } from './statuses.ts';

/** Texts of spec 002 §8 for the proofs screen. */
export const BULK_PROOF_MSG = {
  periodRequired: REPORT_MSG.periodRequired,
  periodTitle: 'Aviso!',
  generateError: 'Houve um erro ao gerar o comprovante',
  listError: 'Houve um erro ao obter os comprovantes',
  getError: 'Houve um erro ao obter o comprovante',
  downloadError: 'Houve um erro ao baixar o Comprovante',
  noMessages: 'Não existe notificações para o período/filtro selecionado',
  processing: 'Em processamento...',
  nameTooLong: 'O nome do comprovante deve ter no máximo 60 caracteres.',
  invalidStatus: 'Status inválido no filtro.',
  invalidChannel: 'Canal inválido no filtro.',
  notReady: 'O comprovante ainda está em processamento.',
  expired: 'O comprovante expirou. Use Gerar Novamente para gerar outro.',
  failed: 'Não foi possível gerar este comprovante. Use Gerar Novamente.',
  notFound: 'Comprovante não encontrado.',
} as const;

/** Spec 002 §5 and §9: a period of at most 31 days, a name of at most 60 characters, 10 proofs a page. */
export const BULK_PROOF_MAX_DAYS = 31;
export const BULK_PROOF_NAME_MAX = 60;
export const BULK_PROOF_PAGE_SIZE = 10;
/** Up to this many messages a proof is one PDF (cover, contents, one proof each); above, a ZIP of PDFs with a manifest. */
export const BULK_PROOF_PDF_MAX = 500;
/** The filter shows up to 4 selected statuses, then 'e mais N' (spec 002 §2, §9). */
export const BULK_PROOF_STATUS_SHOWN = 4;

/**
 * The channels the proof filter offers: the spec's three (spec 002 §4: e-mail, SMS, WhatsApp) and the
 * product's AR-Voz and AR-Carta, so a proof of a period can be asked for every channel a message goes by.
 */
export const BULK_PROOF_CHANNELS = ['email', 'sms', 'whatsapp', 'voz', 'carta'] as const satisfies readonly Channel[];
export type BulkProofChannel = (typeof BULK_PROOF_CHANNELS)[number];
export const CHANNEL_SHORT: Record<BulkProofChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  voz: 'Voz',
  carta: 'Carta',
};

export interface BulkProofStatus {
  id: number;
  channel: BulkProofChannel;
  type: StatusType;
  label: string;
}

/**
 * The statuses of the proof filter, ids 1 to 16 (spec 002 §4; 10 and 11 unused): e-mail Processado,
 * Entregue, Lido, Falha no Envio/Entrega; SMS and WhatsApp Processado, Enviado, Entregue, Lido,
 * Falha no Envio/Entrega. Then the product's own, after the spec's ids (docs/proofs.md): AR-Voz 17 to
 * 22 and AR-Carta 23 to 26, the statuses the sent list's filter offers for them (STATUS_FILTER). An
 * id means "the channel of the message reached this status", as the sent list's filter (docs/sent-list.md).
 */
export const BULK_PROOF_STATUSES: readonly BulkProofStatus[] = (
  [
    [1, 'email', 'processed'],
    [2, 'email', 'delivered'],
    [3, 'email', 'read'],
    [4, 'email', 'erro'],
    [5, 'sms', 'processed'],
    [6, 'sms', 'send'],
    [7, 'sms', 'delivered'],
    [8, 'sms', 'read'],
    [9, 'sms', 'erro'],
    [12, 'whatsapp', 'processed'],
    [13, 'whatsapp', 'send'],
    [14, 'whatsapp', 'delivered'],
    [15, 'whatsapp', 'read'],
    [16, 'whatsapp', 'erro'],
    [17, 'voz', 'processed'],
    [18, 'voz', 'send'],
    [19, 'voz', 'delivered'],
    [20, 'voz', 'acknowledged'],
    [21, 'voz', 'answered'],
    [22, 'voz', 'erro'],
    [23, 'carta', 'processed'],
    [24, 'carta', 'send'],
    [25, 'carta', 'delivered'],
    [26, 'carta', 'erro'],
  ] as const
).map(([id, channel, type]) => ({ id, channel, type, label: STATUS_LABELS[type].label }));

export const bulkProofStatusById = (id: number) => BULK_PROOF_STATUSES.find((s) => s.id === id);

/** The default name: 'Comprovantes de {start} até {end}' (dd/MM/yyyy). */
export const defaultProofName = (startDate: string, finalDate: string) =>
  `Comprovantes de ${dayLabel(startDate)} até ${dayLabel(finalDate)}`;

export const bulkProofFilter = z
  .object({
    channels: z
      .array(z.enum(BULK_PROOF_CHANNELS, { error: BULK_PROOF_MSG.invalidChannel }))
      .max(BULK_PROOF_CHANNELS.length)
      .default([]),
    status: z
      .array(
        z.coerce.number({ error: BULK_PROOF_MSG.invalidStatus }).refine((id) => !!bulkProofStatusById(id), BULK_PROOF_MSG.invalidStatus),
      )
      .max(BULK_PROOF_STATUSES.length)
      .default([]),
  })
  .default({ channels: [], status: [] });
export type BulkProofFilter = z.output<typeof bulkProofFilter>;

/** POST /reports/proofs: `{ nameProof, startDate, finalDate, filter: { channels, status } }` (spec 002 §3, §5). */
export const bulkProofBody = z
  .object({
    startDate: periodDay(BULK_PROOF_MSG.periodRequired),
    finalDate: periodDay(BULK_PROOF_MSG.periodRequired),
    nameProof: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(BULK_PROOF_NAME_MAX, BULK_PROOF_MSG.nameTooLong).optional(),
    ),
    filter: bulkProofFilter,
  })
  // A period backwards or longer than 31 days is not a period the form lets one choose.
  .refine((b) => b.finalDate >= b.startDate && daysInPeriod(b.startDate, b.finalDate) <= BULK_PROOF_MAX_DAYS, {
    message: BULK_PROOF_MSG.periodRequired,
    path: ['finalDate'],
  })
  .transform((b) => ({
    ...b,
    nameProof: b.nameProof ?? defaultProofName(b.startDate, b.finalDate),
    filter: { channels: [...new Set(b.filter.channels)], status: [...new Set(b.filter.status)].sort((x, y) => x - y) },
  }));
export type BulkProofBody = z.input<typeof bulkProofBody>;
export type BulkProofRequest = z.output<typeof bulkProofBody>;

export const bulkProofListQuery = listQuerySchema({
  columns: ['comp_codigo'],
  defaultColumn: 'comp_codigo',
  defaultOrder: 'DESC',
  defaultLimit: BULK_PROOF_PAGE_SIZE,
  maxLimit: 100,
});

export const bulkProofReferenceParam = z.object({ id: z.uuid() });
export const messageUuidParam = z.object({ uuid: z.uuid() });

export const BULK_PROOF_STATES = ['processando', 'pronto', 'expirado', 'falha'] as const;
export type BulkProofState = (typeof BULK_PROOF_STATES)[number];

export const bulkProofPayloadSchema = z.object({
  nameProof: z.string(),
  startDate: z.string(),
  finalDate: z.string(),
  filter: z.object({ channels: z.array(z.enum(BULK_PROOF_CHANNELS)), status: z.array(z.number().int()) }),
});
export type BulkProofPayload = z.output<typeof bulkProofPayloadSchema>;

/** A generated proof as the table shows it (spec 002 §2, §3). */
export const bulkProofSchema = z.object({
  comp_codigo: z.number().int(),
  /** The reference the download takes (uuid). */
  comp_cod_referencia: z.string(),
  comp_payload: z.object({ payload: bulkProofPayloadSchema }),
  comp_data_criacao: z.string(),
  /** Null while in processing (the table shows 'Em processamento'); set when the file is ready. */
  comp_data_expiracao: z.string().nullable(),
  status: z.enum(BULK_PROOF_STATES),
  /** Messages done and in all: 'Em processamento… N de M'. */
  progresso: z.object({ feitos: z.number().int(), total: z.number().int() }),
  /** One PDF (up to 500 messages) or a ZIP of PDFs with a manifest. */
  formato: z.enum(['pdf', 'zip']),
  tamanho: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** A notification exists for this proof (ready and not downloaded yet): the row's alert badge. */
  alerta: z.boolean(),
});
export type BulkProof = z.output<typeof bulkProofSchema>;

export const bulkProofListResponse = pagedResponse('comprovantes', bulkProofSchema);
export type BulkProofListResponse = z.output<typeof bulkProofListResponse>;
export const bulkProofCreatedResponse = messageResponse.extend({ comprovante: bulkProofSchema });
export type BulkProofCreatedResponse = z.output<typeof bulkProofCreatedResponse>;

/** The filter as the table reads it: channels, then up to 4 statuses and 'e mais N'. */
export function describeProofFilter(filter: { channels: readonly string[]; status: readonly number[] }): string {
  const channels = filter.channels.length
    ? filter.channels.map((c) => CHANNEL_SHORT[c as BulkProofChannel] ?? c).join(', ')
    : 'Todos os canais';
  const labels = filter.status.map((id) => {
    const s = bulkProofStatusById(id);
    return s ? `${CHANNEL_SHORT[s.channel]}: ${s.label}` : String(id);
  });
  if (labels.length === 0) return `${channels} · Todos os status`;
  const shown = labels.slice(0, BULK_PROOF_STATUS_SHOWN).join(', ');
  const more = labels.length - BULK_PROOF_STATUS_SHOWN;
  return `${channels} · ${shown}${more > 0 ? ` e mais ${more}` : ''}`;
}
