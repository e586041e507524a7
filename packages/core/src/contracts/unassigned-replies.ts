import { z } from '../zod.ts';
import { listQuerySchema, pagedResponse } from './common.ts';

/**
 * Replies without a reference that matched open messages of more than one tenant (docs/unassigned-replies.md):
 * filed to none of them; each tenant's administrators see that one
 * arrived, from which number and when, and which of their own messages it may answer — never its
 * text, which may be another tenant's.
 */
export const UNASSIGNED_REPLIES_MSG = {
  title: 'Respostas não identificadas',
  explanation:
    'Respostas por SMS ou WhatsApp que não indicam a mensagem respondida e chegaram de um número que recebeu mensagens de mais de um cliente. Não foram registradas em nenhuma mensagem, e o texto não é exibido porque pode conter dados destinados a outro cliente. O destinatário foi orientado a responder pelo link recebido na mensagem.',
  listError: 'Houve um erro ao obter as respostas não identificadas',
} as const;

/** GET /canais/respostas-nao-identificadas: the latest first (one column, `codigo`), 25 a page; no search. */
export const unassignedRepliesQuery = listQuerySchema({
  columns: ['codigo'],
  defaultColumn: 'codigo',
  defaultOrder: 'DESC',
  defaultLimit: 25,
  maxLimit: 100,
});
export type UnassignedRepliesQuery = z.output<typeof unassignedRepliesQuery>;

/** One of the administrator's own messages the reply may answer. */
export const unassignedReplyMessage = z.object({
  ema_uni_codigo: z.number().int(),
  ema_uni_id: z.string(),
  ema_uni_subject: z.string(),
  /** When the provider took it (ISO 8601). */
  enviadaEm: z.string(),
  remetente: z.object({ usu_codigo: z.number().int(), usu_nome: z.string(), usu_login: z.string() }),
});

export const unassignedReply = z.object({
  codigo: z.number().int(),
  canal: z.enum(['sms', 'whatsapp']),
  /** The number that wrote (E.164): the one the administrator's own messages went to. */
  numero: z.string(),
  /** 'answered' a text, 'acknowledged' a WhatsApp button. */
  tipo: z.enum(['answered', 'acknowledged']),
  recebidaEm: z.string(),
  /** The notice asking the recipient to answer through the link: pending, sent, failed (null: none). */
  avisoDestinatario: z.enum(['pendente', 'enviado', 'falhou']).nullable(),
  avisoEnviadoEm: z.string().nullable(),
  mensagens: z.array(unassignedReplyMessage),
});
export type UnassignedReply = z.output<typeof unassignedReply>;

export const unassignedRepliesResponse = pagedResponse('respostas', unassignedReply);
export type UnassignedRepliesResponse = z.output<typeof unassignedRepliesResponse>;
