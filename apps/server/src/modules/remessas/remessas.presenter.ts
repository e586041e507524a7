import {
  brasiliaDateTime,
  type Channel,
  csvLine,
  type Remessa,
  remessaFailureLabel,
  remessaStatusInfo,
  STATUS_LABELS,
  type StatusType,
} from '@ar/core';
import { FileColumns, lineChannels } from './remessa-rows.ts';
import type { RemessaRow } from './remessas.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

type Progress = { enviadas?: number; erros?: number } | null;

/**
 * One row of the two tabs. Its progress is what each of the file's lines is now, so the four
 * counts add up to its lines (issue 43): waiting to become a message, in the queues, sent, failed
 * (refused, or its message failed on every channel); `enfileiradas` is how many became messages.
 */
export function presentRemessa(r: RemessaRow): Remessa {
  const p = (r.progresso ?? {}) as Progress;
  const enviadas = Number(p?.enviadas ?? 0);
  const erros = Number(p?.erros ?? 0);
  return {
    rem_codigo: r.rem_codigo,
    rem_nome: r.rem_nome,
    rem_data_criacao: iso(r.rem_data_criacao),
    rem_data_processamento: iso(r.rem_data_processamento),
    rem_status_processamento: r.rem_status_processamento,
    rem_quantidade_registros: r.rem_quantidade_registros,
    motivo_falha: r.motivo_falha,
    tipo_falha: r.tipo_falha,
    rem_origem: r.rem_origem,
    progresso: {
      enfileiradas: r.rem_enfileiradas,
      aguardando: Math.max(0, r.rem_quantidade_registros - r.rem_enfileiradas - r.rem_falhas),
      na_fila: Math.max(0, r.rem_enfileiradas - enviadas - erros),
      enviadas,
      falhas: r.rem_falhas + erros,
    },
  };
}

export interface PreviewLine {
  lin_numero: number;
  lin_dados: unknown;
  lin_status: string;
  tipo_falha: string | null;
  lin_motivo: string | null;
  ema_uni_id: string | null;
  ema_status_email: string | null;
  ema_status_sms: string | null;
  ema_status_whatsapp: string | null;
  ema_status_voz: string | null;
  ema_status_carta: string | null;
  /** The letter's S10 tracking code, once posted. */
  rastreio: string | null;
  /** The channels of the message's cascade steps still waiting. */
  etapas_aguardando: unknown;
}

const PREVIEW_COLUMNS = [
  'LINHA',
  'PROTOCOLO',
  'STATUS_EMAIL',
  'STATUS_SMS',
  'STATUS_WHATSAPP',
  'STATUS_VOZ',
  'STATUS_CARTA',
  'RASTREIO_CARTA',
  'PAGINA_PUBLICA',
  'MOTIVO_FALHA',
];

/**
 * A channel the line asked for that has no status on its sent message: a step of the user's
 * cascade (docs/cascade.md) that waits for its condition, or that the cascade skipped when it ended.
 */
export const CASCADE_STEP = { waiting: 'Aguardando etapa da régua', skipped: 'Não enviado (régua encerrada)' } as const;

/**
 * The return preview ({name}_previa.csv): each input line as it came, then its line number,
 * protocol, status per channel (e-mail, SMS, WhatsApp, AR-Voz, AR-Carta), the letter's tracking
 * code, public page address and failure reason. A channel's status is its label on the sent list
 * (Processado, Enviado, Entregue, Lido, Erro…); 'Não solicitado' when the line did not ask for it,
 * 'Não enviado' when the line that asked for it failed, 'Aguardando etapa da régua' when its
 * cascade step has not gone yet (docs/remessas.md).
 * `remessa`: the first column names the file, for a preview of several.
 */
export function previewCsv(header: string[], lines: PreviewLine[], publicUrl: string, remessa?: number): string {
  const lead = remessa === undefined ? [] : ['REMESSA'];
  const cols = new FileColumns(header);
  let out = csvLine([...lead, ...header, ...PREVIEW_COLUMNS]);
  for (const l of lines) out += csvLine([...(remessa === undefined ? [] : [remessa]), ...previewCells(cols, l, publicUrl)]);
  return out;
}

function previewCells(cols: FileColumns, l: PreviewLine, publicUrl: string): (string | number)[] {
  const cells = Array.isArray(l.lin_dados) ? (l.lin_dados as string[]) : [];
  const input = cols.header.map((_, i) => cells[i] ?? '');
  const failed = l.lin_status === 'falha';
  const asked = lineChannels(cells, cols);
  // A line is refused whole: every channel it asked for is 'Não enviado'. A sent line shows each
  // channel's status as stored on its message (null: a cascade step waiting, or skipped).
  const waiting = new Set(Array.isArray(l.etapas_aguardando) ? (l.etapas_aguardando as string[]) : []);
  const status = (wanted: boolean, stored: string | null, canal: Channel) => {
    if (failed || !wanted) return wanted ? 'Não enviado' : 'Não solicitado';
    if (!l.ema_uni_id) return STATUS_LABELS.processed.label;
    if (stored) return STATUS_LABELS[stored as StatusType]?.label ?? stored;
    return waiting.has(canal) ? CASCADE_STEP.waiting : CASCADE_STEP.skipped;
  };
  return [
    ...input,
    l.lin_numero,
    l.ema_uni_id ?? '',
    status(asked.email, l.ema_status_email, 'email'),
    status(asked.sms, l.ema_status_sms, 'sms'),
    status(asked.whatsapp, l.ema_status_whatsapp, 'whatsapp'),
    status(asked.voz, l.ema_status_voz, 'voz'),
    status(asked.carta, l.ema_status_carta, 'carta'),
    l.rastreio ?? '',
    l.ema_uni_id ? `${publicUrl}/emails/info/public/${l.ema_uni_id}` : '',
    l.lin_motivo ?? '',
  ];
}

const REPORT_COLUMNS = [
  'Código',
  'Arquivo',
  'Recebida em',
  'Última atualização',
  'Status',
  'Registros',
  'Mensagens geradas',
  'Enviadas',
  'Falhas',
  'Tipo da falha',
  'Motivo da falha',
];

/** The period report (remessas_{start}_{end}.csv): one line per remessa, dates dd/MM/yyyy HH:mm in Brasília. */
export function reportCsv(rows: RemessaRow[]): string {
  let out = csvLine(REPORT_COLUMNS);
  for (const r of rows) {
    const p = presentRemessa(r);
    out += csvLine([
      p.rem_codigo,
      p.rem_nome,
      brasiliaDateTime(p.rem_data_criacao),
      brasiliaDateTime(p.rem_data_processamento),
      remessaStatusInfo(p.rem_status_processamento).label,
      p.rem_quantidade_registros,
      p.progresso.enfileiradas,
      p.progresso.enviadas,
      p.progresso.falhas,
      remessaFailureLabel(p.tipo_falha),
      p.motivo_falha ?? '',
    ]);
  }
  return out;
}
