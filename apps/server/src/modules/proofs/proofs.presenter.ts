import {
  type Channel,
  isSimulatedEvent,
  type LetterAddress,
  PHONE_PROOF_STATUS_TYPES,
  type PhoneProof,
  type ProofStatus,
  type ProofStatusType,
  type SendingProof,
  STATUS_LABELS,
} from '@ar/core';
import { presentOficio } from '../emails/oficio.presenter.ts';
import { type ChannelState, channelStatuses, type Reached } from '../evidence/channel-status.ts';
import { isPersonEvent } from '../public/read-classifier.ts';
import { channelSteps, letterProof, stepName, voiceFiles } from './channel-evidence.ts';
import { brasilia, publicPageUrl, utc } from './format.ts';
import type { ProofEvent, ProofMessage } from './proofs.queries.ts';

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

/** The proof's sentence by the current e-mail status (spec 001 §2.10); a reply or an acceptance implies the read. */
function proofSentence(last: string | null, statuses: ProofStatus[], read: Reached<ProofEvent> | null, createdAt: Date): string {
  const at = (type: ProofStatusType) =>
    type === 'read' && read ? brasilia(read.at) : statuses.find((s) => s.type === type)?.dataHoraBrasilia;
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

const text = (e: ProofEvent, key: string): string | undefined => {
  const v = (e.evt_detalhes as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : undefined;
};

/** What the evidence of a phone channel's status says: the provider's word, the reason, where a read came from, the reply. */
function phoneDetail(type: PhoneProof['status'][number]['type'], e: ProofEvent): string | null {
  const provider = [text(e, 'provedor'), text(e, 'status') && `status ${text(e, 'status')}`].filter(Boolean).join(', ');
  switch (type) {
    case 'send':
    case 'delivered':
    case 'viewed':
      return provider ? `Operadora: ${provider}` : null;
    case 'erro':
      return text(e, 'reasonFailure') ?? null;
    case 'read': {
      const where = [e.evt_ip && `IP ${e.evt_ip}`, place(e)].filter(Boolean).join(', ');
      return ['página aberta pelo link da mensagem', where].filter(Boolean).join(' — ');
    }
    case 'acknowledged':
    case 'answered':
      return text(e, 'texto') ? `“${text(e, 'texto')}”` : null;
    default:
      return null;
  }
}

/**
 * The SMS or the WhatsApp of a message in its proof: the first event of each status (a failure: the
 * last; only a person's reads count), the replies with their hashes, the current status as the row keeps it.
 */
function phoneProof(
  canal: 'sms' | 'whatsapp' | 'voz',
  numero: string,
  mensagem: string,
  states: Partial<Record<Channel, ChannelState<ProofEvent>>>,
  events: ProofEvent[],
): PhoneProof {
  const current = states[canal]?.current?.type ?? null;
  const mine = events.filter((e) => e.evt_canal === canal && isPersonEvent(e.evt_detalhes));
  const status: PhoneProof['status'] = [];
  for (const type of PHONE_PROOF_STATUS_TYPES) {
    const e =
      type === 'erro'
        ? mine.filter((x) => x.evt_tipo === 'erro').at(-1)
        : mine.find((x) => (x.evt_tipo === type && !stepName(x)) || (type === 'read' && x.evt_tipo === 'track'));
    if (!e) continue;
    status.push({
      type,
      label: type === 'erro' ? 'Falha' : STATUS_LABELS[type].label,
      dateTime: utc(e.evt_data),
      dataHoraBrasilia: brasilia(e.evt_data),
      detalhe: phoneDetail(type, e),
      hash: e.evt_hash,
    });
  }
  status.sort((a, b) => a.dateTime.localeCompare(b.dateTime));
  const failure = status.find((s) => s.type === 'erro');
  return {
    canal,
    nome: canal === 'sms' ? 'AR-SMS' : canal === 'whatsapp' ? 'AR-WhatsApp' : 'AR-Voz',
    numero,
    mensagem,
    status,
    ultimoStatus: current ? { type: current, label: STATUS_LABELS[current].label } : null,
    falha: failure
      ? { motivo: failure.detalhe ?? 'Falha no envio.', dataHora: failure.dateTime, dataHoraBrasilia: failure.dataHoraBrasilia }
      : null,
    respostas: mine
      .filter((e) => e.evt_tipo === 'answered' || e.evt_tipo === 'acknowledged')
      .map((e) => ({
        tipo: e.evt_tipo as 'answered' | 'acknowledged',
        texto: text(e, 'texto') ?? '',
        dataHora: utc(e.evt_data),
        dataHoraBrasilia: brasilia(e.evt_data),
        hash: e.evt_hash,
      })),
    etapas: channelSteps(events, canal),
    arquivos: canal === 'voz' ? voiceFiles(events) : [],
  };
}

/** A phone channel's sentence by its current status, as the e-mail's (proofSentence): the proof's when the message has no e-mail. */
function channelSentence(c: PhoneProof, readEvent: Reached<ProofEvent> | null, createdAt: Date): string {
  const at = (type: PhoneProof['status'][number]['type']) => c.status.find((s) => s.type === type)?.dataHoraBrasilia;
  const sent = at('send');
  const handed = sent ? `O ${c.nome} foi enviado ao número ${c.numero} em ${sent}` : `O ${c.nome} para o número ${c.numero} foi registrado`;
  const readAt = readEvent ? brasilia(readEvent.at) : undefined;
  const read = readAt ? `, foi lido em ${readAt}` : '';
  switch (c.ultimoStatus?.type ?? null) {
    case 'send':
      return `${handed} (horário de Brasília).`;
    case 'delivered':
      return `${handed}, e a entrega ao aparelho foi confirmada em ${at('delivered')} (horário de Brasília).`;
    case 'read':
    case 'track':
    case 'viewed':
      return `${handed} e foi lido em ${readAt} (horário de Brasília).`;
    case 'acknowledged':
      return `${handed}${read} e o destinatário confirmou o recebimento em ${at('acknowledged')} (horário de Brasília).`;
    case 'answered':
      return `${handed}${read} e foi respondido pelo destinatário em ${at('answered')} (horário de Brasília).`;
    case 'erro':
      return `O ${c.nome} para o número ${c.numero} não pôde ser entregue: ${c.falha?.motivo ?? 'falha no envio'} (${c.falha?.dataHoraBrasilia} no horário de Brasília).`;
    default:
      return `O ${c.nome} para o número ${c.numero} foi registrado em ${brasilia(createdAt)} (horário de Brasília) e aguarda o envio.`;
  }
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
  const statuses = proofStatuses(events);
  // The current status and key times of each channel: channel-status.ts, as every page shows them.
  const states = channelStatuses(events);
  const last = states.email?.current?.type ?? null;
  const failure = statuses.find((s) => s.type === 'erro');
  const canais = [
    ...(msg.ema_uni_sms ? [phoneProof('sms', msg.ema_uni_sms.number, msg.ema_uni_sms.messageContent, states, events)] : []),
    ...(msg.ema_uni_whatsapp
      ? [phoneProof('whatsapp', msg.ema_uni_whatsapp.numberReceived, msg.ema_uni_whatsapp.content, states, events)]
      : []),
    ...(msg.ema_uni_voz ? [phoneProof('voz', msg.ema_uni_voz.numberTo, voiceProofText(), states, events)] : []),
  ];
  // Sent without an e-mail (SMS, WhatsApp or voice only): the sentence, current status and failure are the first channel's.
  const only = !msg.ema_uni_to ? canais[0] : undefined;
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
    ultimoStatus: only ? only.ultimoStatus : last && last in STATUS_LABELS ? { type: last, label: STATUS_LABELS[last].label } : null,
    texto: only
      ? channelSentence(only, states[only.canal]?.read ?? null, new Date(msg.ema_uni_data_criacao))
      : proofSentence(last, statuses, states.email?.read ?? null, new Date(msg.ema_uni_data_criacao)),
    falha: only
      ? only.falha
      : failure
        ? { motivo: failure.detalhe ?? 'Falha no envio.', dataHora: failure.dateTime, dataHoraBrasilia: failure.dataHoraBrasilia }
        : null,
    hashConteudo: msg.ema_uni_hash ?? msg.ema_uni_content_sha256,
    ultimoHash: events.at(-1)?.evt_hash ?? null,
    cadeiaIntegra: chainIntact,
    simulado: events.some((e) => isSimulatedEvent(e.evt_detalhes)),
    anexos: msg.ema_uni_attachments.attachments.map((a) => ({
      originalFilename: a.originalFilename,
      mime: a.mime,
      size: a.size,
      sha256: a.sha256,
    })),
    canais,
    carta: msg.ema_uni_carta ? letterProof(msg.ema_uni_carta as LetterAddress, states.carta?.current?.type ?? null, events) : null,
    urlPublica: publicPageUrl(publicUrl, msg.ema_uni_id),
    geradoEm: utc(now),
    geradoEmBrasilia: brasilia(now),
  };
}

/** AR-Voz's line of the proof (docs/voice.md): what the call was; the recording's SHA-256 is among the channel's files. */
function voiceProofText(): string {
  return 'Chamada de voz com o aviso lido duas vezes em português e a confirmação pela tecla 1.';
}
