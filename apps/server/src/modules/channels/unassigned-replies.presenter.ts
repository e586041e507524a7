import type { UnassignedReply } from '@ar/core';
import type { CandidateMessageRow, UnassignedReplyRow } from './unassigned-replies.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * An unassigned reply as an administrator sees it (docs/unassigned-replies.md):
 * who wrote (the number its own messages went to), when, on which channel, whether the recipient
 * was told to answer through the link, and which of its tenant's messages it may answer. Never the
 * text: it may hold another tenant's data.
 */
export function presentUnassignedReply(row: UnassignedReplyRow, messages: CandidateMessageRow[]): UnassignedReply {
  return {
    codigo: row.rsd_codigo,
    canal: row.rsd_canal,
    numero: row.rsd_numero,
    tipo: row.rsd_tipo,
    recebidaEm: iso(row.rsd_recebido),
    avisoDestinatario: row.avi_situacao ?? null,
    avisoEnviadoEm: row.avi_enviado ? iso(row.avi_enviado) : null,
    mensagens: messages.map((m) => ({
      ema_uni_codigo: m.ema_uni_codigo,
      ema_uni_id: m.ema_uni_id,
      ema_uni_subject: m.ema_uni_subject,
      enviadaEm: iso(m.criado),
      remetente: { usu_codigo: m.usu_codigo, usu_nome: m.usu_nome, usu_login: m.usu_login },
    })),
  };
}
