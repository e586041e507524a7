import { createHash } from 'node:crypto';
import { PROOF_MSG, type ProofStatus, type ProofStatusType, type SendingProof, STATUS_LABELS, type StatusType } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { eventsWithStamps } from '../emails/events.ts';
import { presentOficio } from '../emails/oficio.presenter.ts';
import { checkOwnChain } from '../evidence/chain.ts';
import { isPersonEvent } from '../public/read-classifier.ts';
import { tenantScope } from '../tenancy/tenant-scope.ts';
import { brasilia, publicPageUrl, utc } from './format.ts';
import { findOwnMessageForProof, insertDocumentLog, type ProofEvent, type ProofMessage } from './proofs.queries.ts';

const place = (e: ProofEvent) => [e.evt_cidade, e.evt_estado, e.evt_pais].filter(Boolean).join('/');

function statusDetail(type: ProofStatusType, e: ProofEvent): string | null {
  const d = e.evt_detalhes as { smtpResponse?: string; reasonFailure?: string; status?: string; diagnosticCode?: string };
  switch (type) {
    case 'send':
      return d.smtpResponse ? `Resposta do servidor: ${d.smtpResponse}` : null;
    case 'delivered':
      return [d.status && `status ${d.status}`, d.diagnosticCode].filter(Boolean).join(' — ') || null;
    case 'erro':
      return d.reasonFailure ?? null;
    case 'read':
    case 'acknowledged':
    case 'answered': {
      const how = e.evt_tipo === 'track' ? 'pela imagem de confirmação' : e.evt_tipo === 'read' ? 'na página da mensagem' : null;
      const where = [e.evt_ip && `IP ${e.evt_ip}`, place(e)].filter(Boolean).join(', ');
      return [how, where].filter(Boolean).join(' — ') || null;
    }
    default:
      return null;
  }
}

/** The first event of each e-mail status (a failure: the last one), in time order. */
function proofStatuses(events: ProofEvent[]): ProofStatus[] {
  const email = events.filter((e) => e.evt_canal === 'email' && isPersonEvent(e.evt_detalhes));
  const of = (type: ProofStatusType): ProofEvent | undefined => {
    if (type === 'erro') return email.filter((e) => e.evt_tipo === 'erro').at(-1);
    if (type === 'read') return email.find((e) => e.evt_tipo === 'read' || e.evt_tipo === 'track');
    return email.find((e) => e.evt_tipo === type);
  };
  const list: ProofStatus[] = [];
  for (const type of ['processed', 'send', 'delivered', 'read', 'acknowledged', 'answered', 'erro'] as const) {
    const e = of(type);
    if (!e) continue;
    list.push({
      type,
      label: type === 'erro' ? 'Falha' : STATUS_LABELS[type].label,
      dateTime: utc(e.evt_data),
      dataHoraBrasilia: brasilia(e.evt_data),
      detalhe: statusDetail(type, e),
      hash: e.evt_hash,
    });
  }
  return list.sort((a, b) => a.dateTime.localeCompare(b.dateTime));
}

/** The proof's sentence by the current e-mail status (spec 001 §2.10). */
function proofSentence(last: string | null, statuses: ProofStatus[], createdAt: Date): string {
  const at = (type: ProofStatusType) => statuses.find((s) => s.type === type)?.dataHoraBrasilia;
  const sent = at('send');
  const handed = sent ? `A mensagem foi entregue ao servidor de e-mail do destinatário em ${sent}` : 'A mensagem foi registrada';
  switch (last) {
    case 'send':
      return `${handed} (horário de Brasília).`;
    case 'delivered':
      return `${handed}, e o servidor do destinatário confirmou a entrega em ${at('delivered')} (horário de Brasília).`;
    case 'read':
    case 'track':
      return `${handed} e foi lida em ${at('read')} (horário de Brasília).`;
    case 'acknowledged':
      return `${handed}${at('read') ? `, foi lida em ${at('read')}` : ''} e o destinatário confirmou o recebimento em ${at('acknowledged')} (horário de Brasília).`;
    case 'answered':
      return `${handed}${at('read') ? `, foi lida em ${at('read')}` : ''} e foi respondida pelo destinatário em ${at('answered')} (horário de Brasília).`;
    case 'erro': {
      const failure = statuses.find((s) => s.type === 'erro');
      return `A mensagem não pôde ser entregue: ${failure?.detalhe ?? 'falha no envio'} (${failure?.dataHoraBrasilia} no horário de Brasília).`;
    }
    default:
      return `A mensagem foi registrada em ${brasilia(createdAt)} (horário de Brasília) e aguarda o envio ao servidor de e-mail do destinatário.`;
  }
}

export interface LoadedMessage {
  msg: ProofMessage;
  events: ProofEvent[];
}

/** The user's own message and its events; anyone else's (or none) is a 404. */
export async function loadOwnMessage(ctx: AppContext, actor: Actor, id: number): Promise<LoadedMessage> {
  const msg = await findOwnMessageForProof(ctx.db, actor.usu_codigo, id);
  if (!msg) throw notFound(PROOF_MSG.notFound);
  return { msg, events: await eventsWithStamps(ctx.db, id) };
}

/** GET /emails/sending-proof/{id}: the sending proof as data. */
export async function sendingProof(ctx: AppContext, actor: Actor, id: number, now = new Date()): Promise<SendingProof> {
  const { msg, events } = await loadOwnMessage(ctx, actor, id);
  const chain = await checkOwnChain(ctx.db, tenantScope(actor), id);
  const statuses = proofStatuses(events);
  const last = msg.ema_status_email as StatusType | null;
  const failure = statuses.find((s) => s.type === 'erro');
  return {
    ema_uni_codigo: msg.ema_uni_codigo,
    ema_uni_id: msg.ema_uni_id,
    remetente: {
      nome: msg.ema_uni_name_from,
      email: msg.ema_uni_from,
      usuario: msg.usu_nome,
      conta: msg.usu_login,
      entidade: msg.ent_nome_fantasia ?? null,
    },
    destinatario: { nome: msg.ema_uni_name_to, email: msg.ema_uni_to },
    assunto: msg.ema_uni_subject,
    identificacao: msg.ema_uni_identificacao,
    oficio: presentOficio(msg.ema_uni_oficio, events),
    criadoEm: utc(msg.ema_uni_data_criacao),
    criadoEmBrasilia: brasilia(msg.ema_uni_data_criacao),
    status: statuses,
    ultimoStatus: last && last in STATUS_LABELS ? { type: last, label: STATUS_LABELS[last].label } : null,
    texto: proofSentence(last, statuses, new Date(msg.ema_uni_data_criacao)),
    falha: failure
      ? { motivo: failure.detalhe ?? 'Falha no envio.', dataHora: failure.dateTime, dataHoraBrasilia: failure.dataHoraBrasilia }
      : null,
    hashConteudo: msg.ema_uni_hash ?? msg.ema_uni_content_sha256,
    ultimoHash: events.at(-1)?.evt_hash ?? null,
    cadeiaIntegra: chain?.isIntact ?? false,
    anexos: msg.ema_uni_attachments.attachments.map((a) => ({
      originalFilename: a.originalFilename,
      mime: a.mime,
      size: a.size,
      sha256: a.sha256,
    })),
    urlPublica: publicPageUrl(ctx.config.publicUrl, msg.ema_uni_id),
    geradoEm: utc(now),
    geradoEmBrasilia: brasilia(now),
  };
}

export interface Requester {
  name?: string;
  email?: string;
  ip: string | null;
  userAgent: string | null;
}

/** Records who took which document of a message, with the SHA-256 of the PDF handed out. */
export async function logDocument(
  ctx: AppContext,
  actor: Actor,
  cod_email: number,
  tipo: 'comprovante' | 'laudo',
  pdf: Uint8Array,
  who: Requester,
): Promise<string> {
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  await insertDocumentLog(ctx.db, {
    cod_email,
    cod_usu: actor.usu_codigo,
    doc_tipo: tipo,
    doc_usuario_nome: actor.usu_nome.slice(0, 200),
    doc_usuario_login: actor.usu_login.slice(0, 320),
    doc_nome_informado: who.name || null,
    doc_email_informado: who.email || null,
    doc_ip: who.ip?.slice(0, 64) ?? null,
    doc_user_agent: who.userAgent,
    doc_sha256: sha256,
  });
  return sha256;
}
