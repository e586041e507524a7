import { type CellInput, CHANNEL_NAMES, type Channel, letterAddressLines, type ReportType, STATUS_LABELS, type StatusType } from '@ar/core';
import { publicPageUrl } from '../proofs/format.ts';
import type { ReportChannelTimes, ReportRow } from './reports.queries.ts';

/** A column of the report: its header, its width in characters and what its cells hold. */
export interface ReportColumn {
  header: string;
  width: number;
  kind: 'text' | 'number' | 'date';
}

const text = (header: string, width: number): ReportColumn => ({ header, width, kind: 'text' });
const date = (header: string): ReportColumn => ({ header, width: 20, kind: 'date' });

/** The entity report's leading columns: who sent it, from which entity. */
const ENTITY_COLUMNS: ReportColumn[] = [text('Entidade', 28), text('Usuário', 26), text('Login', 30)];

/** One row per message and channel: what a legal team needs to find a notice and prove each step of it. */
const MESSAGE_COLUMNS: ReportColumn[] = [
  { header: 'Protocolo', width: 12, kind: 'number' },
  text('Identificador', 38),
  text('Identificação', 24),
  text('Assunto', 40),
  text('Nº do processo', 24),
  text('Nº CNJ', 27),
  text('Remetente', 24),
  text('E-mail do remetente', 30),
  text('Destinatário', 26),
  text('E-mail do destinatário', 32),
  text('Telefone do destinatário', 22),
  text('Endereço postal', 48),
  text('Rastreamento', 16),
  text('Canal', 13),
  text('Status atual', 22),
  date('Criada em'),
  date('Processado em'),
  date('Enviado em'),
  date('Entregue em'),
  date('Lido em'),
  date('Confirmado em'),
  date('Respondido em'),
  date('Falha em'),
  text('Motivo da falha', 40),
  text('Etiquetas', 24),
  { header: 'Créditos', width: 10, kind: 'number' },
  text('Página pública', 60),
];

export function reportColumns(tipo: ReportType): ReportColumn[] {
  return tipo === 'enviados-entidade' ? [...ENTITY_COLUMNS, ...MESSAGE_COLUMNS] : MESSAGE_COLUMNS;
}

const STATUS_COLUMN: Partial<Record<Channel, keyof ReportRow>> = {
  email: 'ema_status_email',
  sms: 'ema_status_sms',
  whatsapp: 'ema_status_whatsapp',
  voz: 'ema_status_voz',
  carta: 'ema_status_carta',
};

/** The channels a message went by: those it was addressed on, then any other its events name. */
export function channelsOf(row: ReportRow): Channel[] {
  const channels: Channel[] = [];
  if (row.ema_uni_to) channels.push('email');
  if (row.ema_uni_sms) channels.push('sms');
  if (row.ema_uni_whatsapp) channels.push('whatsapp');
  if (row.ema_uni_voz) channels.push('voz');
  if (row.ema_uni_carta) channels.push('carta');
  for (const c of row.canais) if (!channels.includes(c.canal)) channels.push(c.canal);
  return channels.length ? channels : ['email'];
}

const when = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

function currentStatus(row: ReportRow, channel: Channel): string {
  const key = STATUS_COLUMN[channel];
  const status = key ? (row[key] as string | null) : null;
  return status && status in STATUS_LABELS ? STATUS_LABELS[status as StatusType].label : 'Aguardando processamento';
}

function phoneOf(row: ReportRow, channel: Channel): string | null {
  if (channel === 'sms') return row.ema_uni_sms?.number ?? null;
  if (channel === 'whatsapp') return row.ema_uni_whatsapp?.numberReceived ?? null;
  if (channel === 'voz') return row.ema_uni_voz?.numberTo ?? null;
  return row.ema_uni_sms?.number ?? row.ema_uni_whatsapp?.numberReceived ?? null;
}

/**
 * The rows of one message, one per channel, as cells in the order of reportColumns (dates as
 * Date, numbers as numbers, text as stored: the writers pass each through the spreadsheet
 * injection helper). The message's credits are on its first row only, so the column sums to what
 * was spent.
 */
export function presentReportRows(row: ReportRow, tipo: ReportType, publicUrl: string): CellInput[][] {
  return channelsOf(row).map((channel, i) => {
    const t: Partial<ReportChannelTimes> = row.canais.find((c) => c.canal === channel) ?? {};
    const cells: CellInput[] = [
      row.ema_uni_codigo,
      row.ema_uni_id,
      row.ema_uni_identificacao,
      row.ema_uni_subject,
      row.processo,
      row.cnj,
      row.ema_uni_name_from,
      row.ema_uni_from,
      row.ema_uni_name_to,
      row.ema_uni_to,
      phoneOf(row, channel),
      channel === 'carta' && row.ema_uni_carta ? letterAddressLines(row.ema_uni_carta).join(', ') : null,
      channel === 'carta' ? row.rastreio : null,
      CHANNEL_NAMES[channel],
      currentStatus(row, channel),
      new Date(row.ema_uni_data_criacao),
      when(t.processed),
      when(t.send),
      when(t.delivered),
      when(t.read),
      when(t.acknowledged),
      when(t.answered),
      when(t.erro),
      t.motivo ?? null,
      row.etiquetas,
      i === 0 ? row.ema_uni_creditos : null,
      publicPageUrl(publicUrl, row.ema_uni_id),
    ];
    return tipo === 'enviados-entidade' ? [row.ent_nome_fantasia ?? 'Sem entidade', row.usu_nome, row.usu_login, ...cells] : cells;
  });
}

/** The per-entity summary of the entity report: one line per entity, in the order of its name. */
export interface EntityTotals {
  entidade: string;
  usuarios: Set<string>;
  mensagens: number;
  entregues: number;
  lidas: number;
  falhas: number;
  creditos: number;
}

export const SUMMARY_COLUMNS: ReportColumn[] = [
  text('Entidade', 32),
  { header: 'Usuários', width: 10, kind: 'number' },
  { header: 'Mensagens', width: 12, kind: 'number' },
  { header: 'Entregues', width: 12, kind: 'number' },
  { header: 'Lidas', width: 10, kind: 'number' },
  { header: 'Com falha', width: 12, kind: 'number' },
  { header: 'Créditos', width: 10, kind: 'number' },
];

/** Adds a message to its entity's totals (a message counts once, whatever its channels). */
export function addToTotals(totals: Map<string, EntityTotals>, row: ReportRow): void {
  const key = row.cod_entidade === null ? '' : String(row.cod_entidade);
  let t = totals.get(key);
  if (!t) {
    t = {
      entidade: row.ent_nome_fantasia ?? 'Sem entidade',
      usuarios: new Set(),
      mensagens: 0,
      entregues: 0,
      lidas: 0,
      falhas: 0,
      creditos: 0,
    };
    totals.set(key, t);
  }
  t.usuarios.add(row.usu_login);
  t.mensagens++;
  if (row.canais.some((c) => c.delivered)) t.entregues++;
  if (row.canais.some((c) => c.read)) t.lidas++;
  if (row.canais.some((c) => c.erro)) t.falhas++;
  t.creditos += row.ema_uni_creditos;
}

export function presentSummary(totals: Map<string, EntityTotals>): CellInput[][] {
  return [...totals.values()]
    .sort((a, b) => a.entidade.localeCompare(b.entidade, 'pt-BR'))
    .map((t) => [t.entidade, t.usuarios.size, t.mensagens, t.entregues, t.lidas, t.falhas, t.creditos]);
}
