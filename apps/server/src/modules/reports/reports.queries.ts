import type { Channel, LetterAddress, ReportType } from '@ar/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** When a channel of a message first reached each status (ISO 8601 UTC), and the last failure's reason. */
export interface ReportChannelTimes {
  canal: Channel;
  processed: string | null;
  send: string | null;
  delivered: string | null;
  read: string | null;
  acknowledged: string | null;
  answered: string | null;
  erro: string | null;
  motivo: string | null;
}

export interface ReportRow {
  ema_uni_codigo: number;
  ema_uni_id: string;
  ema_uni_identificacao: string;
  ema_uni_subject: string;
  ema_uni_name_from: string;
  ema_uni_from: string;
  ema_uni_name_to: string;
  ema_uni_to: string | null;
  ema_uni_sms: { number: string } | null;
  ema_uni_whatsapp: { numberReceived: string } | null;
  ema_uni_voz: { numberTo: string } | null;
  ema_uni_carta: LetterAddress | null;
  /** The letter's S10 tracking code, once the provider posted it. */
  rastreio: string | null;
  ema_uni_creditos: number;
  /** ISO 8601 with the offset (the page comes as JSON text, reportPage). */
  ema_uni_data_criacao: string;
  ema_status_email: string | null;
  ema_status_sms: string | null;
  ema_status_whatsapp: string | null;
  ema_status_voz: string | null;
  ema_status_carta: string | null;
  processo: string | null;
  cnj: string | null;
  etiquetas: string | null;
  canais: ReportChannelTimes[];
  usu_nome: string;
  usu_login: string;
  cod_entidade: number | null;
  ent_nome_fantasia: string | null;
}

/** The messages a report covers: the user's own ('enviados'), or those of every user the actor reads ('enviados-entidade'). */
function reportMessages(db: Kysely<DB>, scope: TenantScope, tipo: ReportType, period: { start: Date; end: Date }) {
  return db
    .selectFrom('emails as e')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'e.cod_usu')
    .where(tipo === 'enviados-entidade' ? scope.users('u') : scope.own('e'))
    .where('e.ema_uni_data_criacao', '>=', period.start)
    .where('e.ema_uni_data_criacao', '<=', period.end);
}

/** Whether the period has any message for this report (the 404 'Ausência de Dados!' is decided before the file starts). */
export async function hasReportMessages(db: Kysely<DB>, scope: TenantScope, tipo: ReportType, period: { start: Date; end: Date }) {
  const row = await reportMessages(db, scope, tipo, period).select(sql<number>`1`.as('x')).limit(1).executeTakeFirst();
  return row !== undefined;
}

const isoUtc = (expr: RawBuilder<unknown>) => sql<string | null>`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const firstOf = (...types: string[]) =>
  isoUtc(sql`min(v.evt_data) FILTER (WHERE v.evt_tipo IN (${sql.join(types.map((t) => sql.lit(t)))}))`);

/** A page of the report: each message as the JSON text of its ReportRow, in protocol order, and the last one's code (the keyset's next start). */
export interface ReportPage {
  rows: string[];
  last: number | null;
}

/**
 * One page of the report's messages after `afterCodigo`, in protocol order (keyset: each page is
 * an index range, so memory and time per page do not grow with the report's size). Each row
 * carries its tags, its process and CNJ numbers (docs/oficios.md) and, per channel, when it first
 * reached each status, from the events a person caused (docs/reads.md).
 *
 * Each message comes as one JSON text (`row_to_json(...)::text`) that the report's worker thread
 * parses (report-file.ts): this thread, which also serves every other request, makes one short
 * string a message instead of its object, its channels' objects and its ~30 values.
 */
export async function reportPage(
  db: Kysely<DB>,
  scope: TenantScope,
  tipo: ReportType,
  period: { start: Date; end: Date },
  afterCodigo: number,
  limit: number,
): Promise<ReportPage> {
  const result = await db
    .selectFrom(reportRows(db, scope, tipo, period, afterCodigo, limit).as('p'))
    .select([sql<string>`row_to_json(p)::text`.as('json'), 'p.ema_uni_codigo'])
    .orderBy('p.ema_uni_codigo')
    .execute();
  const rows = result.map((r) => r.json);
  return { rows, last: result[result.length - 1]?.ema_uni_codigo ?? null };
}

function reportRows(
  db: Kysely<DB>,
  scope: TenantScope,
  tipo: ReportType,
  period: { start: Date; end: Date },
  afterCodigo: number,
  limit: number,
) {
  return (
    reportMessages(db, scope, tipo, period)
      // The entity the message was sent from; a message of before entities were kept, its user's.
      .leftJoin('entidades as ent', (join) => join.on('ent.ent_codigo', '=', sql<number>`coalesce(e.cod_ger_entidade, u.cod_ger_entidade)`))
      .where('e.ema_uni_codigo', '>', afterCodigo)
      .select([
        'e.ema_uni_codigo',
        'e.ema_uni_id',
        'e.ema_uni_identificacao',
        'e.ema_uni_subject',
        'e.ema_uni_name_from',
        'e.ema_uni_from',
        'e.ema_uni_name_to',
        'e.ema_uni_to',
        'e.ema_uni_sms',
        'e.ema_uni_whatsapp',
        'e.ema_uni_voz',
        'e.ema_uni_carta',
        sql<string | null>`(SELECT c.rastreio FROM cartas c WHERE c.cod_email = e.ema_uni_codigo LIMIT 1)`.as('rastreio'),
        'e.ema_uni_creditos',
        'e.ema_uni_data_criacao',
        'e.ema_status_email',
        'e.ema_status_sms',
        'e.ema_status_whatsapp',
        'e.ema_status_voz',
        'e.ema_status_carta',
        sql<string | null>`e.ema_uni_oficio->>'numeroProcesso'`.as('processo'),
        sql<string | null>`e.ema_uni_oficio->>'numeroCnj'`.as('cnj'),
        sql<string | null>`(SELECT string_agg(t.eti_nome, ', ' ORDER BY t.eti_nome)
        FROM email_etiquetas et JOIN etiquetas t ON t.eti_codigo = et.cod_etiqueta WHERE et.cod_email = e.ema_uni_codigo)`.as('etiquetas'),
        sql<ReportChannelTimes[]>`coalesce((SELECT json_agg(c ORDER BY c.canal) FROM (
        SELECT v.evt_canal AS canal,
          ${firstOf('processed')} AS processed, ${firstOf('send')} AS send, ${firstOf('delivered')} AS delivered,
          ${firstOf('read', 'track')} AS read, ${firstOf('acknowledged')} AS acknowledged, ${firstOf('answered')} AS answered,
          ${isoUtc(sql`max(v.evt_data) FILTER (WHERE v.evt_tipo = 'erro')`)} AS erro,
          (array_agg(v.evt_detalhes->>'reasonFailure' ORDER BY v.evt_codigo DESC) FILTER (WHERE v.evt_tipo = 'erro'))[1] AS motivo
        FROM email_eventos v
        WHERE v.cod_email = e.ema_uni_codigo AND coalesce(v.evt_detalhes->>'classificacao', 'pessoa') = 'pessoa'
        GROUP BY v.evt_canal) c), '[]'::json)`.as('canais'),
        'u.usu_nome',
        'u.usu_login',
        sql<number | null>`coalesce(e.cod_ger_entidade, u.cod_ger_entidade)`.as('cod_entidade'),
        'ent.ent_nome_fantasia',
      ])
      .orderBy('e.ema_uni_codigo', 'asc')
      .limit(limit)
  );
}
