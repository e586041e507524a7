import { type ProofChannel, type ProofStatus, type ProofStatusType, type SendingProof, STATUS_LABELS, type StatusType } from '@ar/core';
import { presentOficio } from '../emails/oficio.presenter.ts';
import { isPersonEvent } from '../public/read-classifier.ts';
import { brasilia, publicPageUrl, utc } from './format.ts';
import type { ProofEvent, ProofMessage } from './proofs.queries.ts';

const place = (e: ProofEvent) => [e.evt_cidade, e.evt_estado, e.evt_pais].filter(Boolean).join('/');

/** What a phone channel's event adds: the provider and its id, the failure, the reply's text. */
function phoneDetail(type: ProofStatusType, e: ProofEvent): string | null {
  const d = e.evt_detalhes as { provedor?: string; idProvedor?: string; reasonFailure?: string; texto?: string };
  const provider = d.provedor ? `provedor ${d.provedor}${d.idProvedor ? ` (id ${d.idProvedor})` : ''}` : null;
  switch (type) {
    case 'send':
      return provider && `Aceito pelo ${provider}`;
    case 'delivered':
      return provider && `Entrega confirmada pelo ${provider}`;
    case 'erro':
      return d.reasonFailure ?? null;
    case 'answered':
      return d.texto ? `Resposta: "${d.texto}"` : null;
    case 'acknowledged':
      return d.texto ? `Botão pressionado: "${d.texto}"` : null;
    case 'read':
      return e.evt_tipo === 'viewed' ? 'Confirmação de leitura do WhatsApp' : statusDetail('read', e);
    default:
      return null;
  }
}

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

/** The first event of each status of a channel (a failure: the last one), in time order. */
function proofStatuses(events: ProofEvent[], canal: 'email' | 'sms' | 'whatsapp' = 'email'): ProofStatus[] {
  const email = events.filter((e) => e.evt_canal === canal && isPersonEvent(e.evt_detalhes));
  const READ = ['read', 'track', 'viewed'];
  const of = (type: ProofStatusType): ProofEvent | undefined => {
    if (type === 'erro') return email.filter((e) => e.evt_tipo === 'erro').at(-1);
    if (type === 'read') return email.find((e) => READ.includes(e.evt_tipo));
    return email.find((e) => e.evt_tipo === type);
  };
  const detail = canal === 'email' ? statusDetail : phoneDetail;
  const list: ProofStatus[] = [];
  for (const type of ['processed', 'send', 'delivered', 'read', 'acknowledged', 'answered', 'erro'] as const) {
    const e = of(type);
    if (!e) continue;
    list.push({
      type,
      label: type === 'erro' ? 'Falha' : STATUS_LABELS[type].label,
      dateTime: utc(e.evt_data),
      dataHoraBrasilia: brasilia(e.evt_data),
      detalhe: detail(type, e),
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

const CHANNEL_TITLES = { sms: 'AR-SMS', whatsapp: 'AR-WhatsApp' } as const;

/** A phone channel's sentence by its current status, as the e-mail's (proofSentence). */
function channelSentence(titulo: string, numero: string, last: string | null, statuses: ProofStatus[], createdAt: Date): string {
  const at = (type: ProofStatusType) => statuses.find((s) => s.type === type)?.dataHoraBrasilia;
  const sent = at('send');
  const handed = sent ? `O ${titulo} foi enviado ao número ${numero} em ${sent}` : `O ${titulo} para o número ${numero} foi registrado`;
  const read = at('read') ? `, foi lido em ${at('read')}` : '';
  switch (last) {
    case 'send':
      return `${handed} (horário de Brasília).`;
    case 'delivered':
      return `${handed}, e a entrega ao aparelho foi confirmada em ${at('delivered')} (horário de Brasília).`;
    case 'read':
    case 'track':
    case 'viewed':
      return `${handed} e foi lido em ${at('read')} (horário de Brasília).`;
    case 'acknowledged':
      return `${handed}${read} e o destinatário confirmou o recebimento em ${at('acknowledged')} (horário de Brasília).`;
    case 'answered':
      return `${handed}${read} e foi respondido pelo destinatário em ${at('answered')} (horário de Brasília).`;
    case 'erro': {
      const failure = statuses.find((s) => s.type === 'erro');
      return `O ${titulo} para o número ${numero} não pôde ser entregue: ${failure?.detalhe ?? 'falha no envio'} (${failure?.dataHoraBrasilia} no horário de Brasília).`;
    }
    default:
      return `O ${titulo} para o número ${numero} foi registrado em ${brasilia(createdAt)} (horário de Brasília) e aguarda o envio.`;
  }
}

/** The message's SMS and WhatsApp, each with its statuses from its own events. */
function proofChannels(msg: ProofMessage, events: ProofEvent[]): ProofChannel[] {
  const list: ProofChannel[] = [];
  const phones = [
    { canal: 'sms' as const, numero: msg.ema_uni_sms?.number, mensagem: msg.ema_uni_sms?.messageContent, last: msg.ema_status_sms },
    {
      canal: 'whatsapp' as const,
      numero: msg.ema_uni_whatsapp?.numberReceived,
      mensagem: msg.ema_uni_whatsapp?.content,
      last: msg.ema_status_whatsapp,
    },
  ];
  for (const { canal, numero, mensagem, last } of phones) {
    if (!numero) continue;
    const titulo = CHANNEL_TITLES[canal];
    const statuses = proofStatuses(events, canal);
    list.push({
      canal,
      titulo,
      numero,
      mensagem: mensagem ?? '',
      status: statuses,
      ultimoStatus: last && last in STATUS_LABELS ? { type: last as StatusType, label: STATUS_LABELS[last as StatusType].label } : null,
      texto: channelSentence(titulo, numero, last, statuses, new Date(msg.ema_uni_data_criacao)),
    });
  }
  return list;
}

/**
 * The sending proof of a message (GET /emails/sending-proof/{id}, and the PDF of PUT): its
 * sender, recipient, statuses with their evidence, hashes and public page, as of `now`.
 */
export function presentSendingProof(
  msg: ProofMessage,
  events: ProofEvent[],
  opts: { chainIntact: boolean; publicUrl: string; now: Date },
): SendingProof {
  const { chainIntact, publicUrl, now } = opts;
  const statuses = msg.ema_uni_to ? proofStatuses(events) : [];
  const canais = proofChannels(msg, events);
  const last = msg.ema_status_email as StatusType | null;
  // Sent only by SMS or WhatsApp: the sentence, the current status and the failure are the first channel's.
  const first = !msg.ema_uni_to ? canais[0] : undefined;
  const failure = (first?.status ?? statuses).find((s) => s.type === 'erro');
  const texto = first ? first.texto : proofSentence(last, statuses, new Date(msg.ema_uni_data_criacao));
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
    ultimoStatus: first ? first.ultimoStatus : last && last in STATUS_LABELS ? { type: last, label: STATUS_LABELS[last].label } : null,
    canais,
    texto,
    falha: failure
      ? { motivo: failure.detalhe ?? 'Falha no envio.', dataHora: failure.dateTime, dataHoraBrasilia: failure.dataHoraBrasilia }
      : null,
    hashConteudo: msg.ema_uni_hash ?? msg.ema_uni_content_sha256,
    ultimoHash: events.at(-1)?.evt_hash ?? null,
    cadeiaIntegra: chainIntact,
    anexos: msg.ema_uni_attachments.attachments.map((a) => ({
      originalFilename: a.originalFilename,
      mime: a.mime,
      size: a.size,
      sha256: a.sha256,
    })),
    urlPublica: publicPageUrl(publicUrl, msg.ema_uni_id),
    geradoEm: utc(now),
    geradoEmBrasilia: brasilia(now),
  };
}
