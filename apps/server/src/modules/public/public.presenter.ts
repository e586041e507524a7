import {
  brasiliaDate,
  brasiliaTime,
  type CertificateBlock,
  type Channel,
  isSimulatedEvent,
  type PageReadResponse,
  type PhoneCertificates,
  type PublicMessage,
  type PublicReply,
  type StatusEntry,
} from '@ar/core';
import { storedMessageHtml } from '../../mail/message-html.ts';
import { presentStatuses, statusEntry } from '../emails/emails.presenter.ts';
import type { EventWithStamp } from '../emails/events.queries.ts';
import { presentOficio } from '../emails/oficio.presenter.ts';
import { type ChannelState, channelStatuses, type Reached } from '../evidence/channel-status.ts';
import { trackingOf } from '../evidence/tracking.ts';
import type { PublicRow } from './public.queries.ts';
import { isPersonEvent, type ReadVerdict } from './read-classifier.ts';

const brasilia = (d: Date, part: 'date' | 'time') => (part === 'date' ? brasiliaDate(d) : brasiliaTime(d));

/**
 * GET /emails/info/public/{uuid}: the message as its recipient may see it (spec 002 §3), from the
 * message and every event of its chain with its stamp.
 */
export function presentPublicMessage(row: PublicRow, events: EventWithStamp[]): PublicMessage {
  // A channel the message has not gone by yet (a later step of its cascade, docs/cascade.md, has no
  // event until it is sent) is not shown to the recipient: no tab, no number, no empty status.
  const started = (canal: Channel) => events.some((e) => e.evt_canal === canal);
  const msg: PublicRow = {
    ...row,
    ema_uni_sms: started('sms') ? row.ema_uni_sms : null,
    ema_uni_whatsapp: started('whatsapp') ? row.ema_uni_whatsapp : null,
    ema_uni_voz: started('voz') ? row.ema_uni_voz : null,
    ema_uni_carta: started('carta') ? row.ema_uni_carta : null,
  };
  // One derivation of each channel's status and times (channel-status.ts): the sender's detail, the
  // proof and the laudo read the same. A person's events only; the others stay in the chain.
  const human = events.filter((e) => isPersonEvent(e.evt_detalhes));
  const states = channelStatuses(events);
  const email = states.email;
  const { timeline } = presentStatuses(human);
  const sent = email?.sent?.event;
  const delivered = email?.delivered?.event;
  const read = email?.read?.event;
  const accepted = email?.acknowledged?.event;
  const failure = events.find((e) => e.evt_canal === 'email' && e.evt_tipo === 'erro');
  const ofEmail = events.filter((e) => e.evt_canal === 'email');
  const block = (e: EventWithStamp | undefined, kind: 'envio' | 'leitura'): CertificateBlock | null =>
    certificate(e, kind === 'envio' ? { trilhaAuditoria: auditTrail(ofEmail) } : { trilhaLeitura: readTrail(human, 'email') });
  const downloads = new Map<string, Date>();
  for (const e of human)
    if (e.evt_tipo === 'download') {
      const id = String((e.evt_detalhes as { anexo?: string }).anexo ?? '');
      if (!downloads.has(id)) downloads.set(id, new Date(e.evt_data));
    }
  // Each status reached once, the current one last (spec 002 §3); a channel's steps — a provider's
  // acceptance, a call ringing or recorded, a letter in transit — and the clicks and downloads stay in
  // the timeline, the certificates' trails and the tracking tab.
  const statusFull = Object.fromEntries(
    (Object.entries(states) as [Channel, ChannelState<EventWithStamp>][]).map(([canal, state]) => [
      canal,
      state.reached.map((r) => entryOf(r)),
    ]),
  );
  const currentOf = (canal: Channel) => {
    const now = states[canal]?.current;
    return now ? entryOf(now) : null;
  };
  return {
    codeEmail: msg.ema_uni_id,
    simulado: events.some((e) => isSimulatedEvent(e.evt_detalhes)),
    protocolo: msg.ema_uni_codigo,
    subject: msg.ema_uni_subject,
    remetente: msg.ema_uni_name_from,
    destinatario: msg.ema_uni_to ?? msg.ema_uni_name_to,
    // As stored, or for a body stored before the sanitiser's fix, made inert here (cached with the page).
    content: storedMessageHtml(msg.ema_uni_content, msg.ema_uni_data_criacao),
    oficio: presentOficio(msg.ema_uni_oficio, events),
    dataEnviada: sent ? brasilia(new Date(sent.evt_data), 'date') : null,
    horaEnviada: sent ? brasilia(new Date(sent.evt_data), 'time') : null,
    dataEntrega: delivered ? brasilia(new Date(delivered.evt_data), 'date') : null,
    horaEntrega: delivered ? brasilia(new Date(delivered.evt_data), 'time') : null,
    dataLeitura: read ? brasilia(new Date(read.evt_data), 'date') : null,
    horaLeitura: read ? brasilia(new Date(read.evt_data), 'time') : null,
    dataLeituraUTC: read ? new Date(read.evt_data).toISOString() : null,
    numberSMS: msg.ema_uni_sms?.number ?? null,
    messageSMS: msg.ema_uni_sms?.messageContent ?? null,
    ...phoneChannel(events, human, states, 'sms', !!msg.ema_uni_sms, (c) => ({
      statusSMS: c.status,
      hasErrorSMS: c.error !== null,
      sms_error: c.error,
      respostasSMS: c.replies,
      dataProviderSMS: c.certificates,
    })),
    numberWhatsapp: msg.ema_uni_whatsapp?.numberReceived ?? null,
    messageWhatsapp: msg.ema_uni_whatsapp?.content ?? null,
    ...phoneChannel(events, human, states, 'whatsapp', !!msg.ema_uni_whatsapp, (c) => ({
      statusWhatsapp: c.status,
      hasErrorWhatsapp: c.error !== null,
      whatsapp_error: c.error,
      respostasWhatsApp: c.replies,
      dataProviderWhatsApp: c.certificates,
    })),
    ...voiceOf(msg, events, human),
    statusVoz: msg.ema_uni_voz ? currentOf('voz') : null,
    statusCarta: msg.ema_uni_carta ? currentOf('carta') : null,
    attachments: msg.ema_uni_attachments.attachments.map((a) => ({
      originalFilename: a.originalFilename,
      uuidFilename: a.uuidFilename,
      size: a.size,
      track: { date: downloads.get(a.uuidFilename)?.toISOString() ?? null },
    })),
    emailResultSendStatus: failure ? 'falha' : sent ? 'sucesso' : 'pendente',
    email_error: failure
      ? {
          reasonFailure: String((failure.evt_detalhes as { reasonFailure?: string }).reasonFailure ?? 'Falha no envio.'),
          dateSend: new Date(failure.evt_data).toISOString(),
        }
      : null,
    visualizarGeolocalizacao: !!msg.usu_visualizar_geolocalizacao,
    origemMessage: msg.ema_uni_origem,
    customPage: {
      customTitle: msg.ent_nome_fantasia ? `${msg.ent_nome_fantasia} — Notificação digital` : 'Notificação digital registrada',
      customFavicon: null,
    },
    hashConteudo: msg.ema_uni_hash ?? msg.ema_uni_content_sha256,
    statusFull,
    timeline,
    // The sending and delivery certificate: the delivery report, else the handing over (never a read standing in).
    detalhesEnvioEntrega: block(email?.delivered?.type === 'delivered' ? delivered : sent, 'envio'),
    detalhesLeitura: block(read, 'leitura'),
    detalhesAceite: block(accepted, 'leitura'),
    clickTracking: msg.usu_visualizar_geolocalizacao ? trackingOf(events) : [],
    aceito: !!accepted,
  };
}

/** A status reached, as the page's lists show it. */
const entryOf = (r: Reached<EventWithStamp>): StatusEntry => statusEntry(r.type, r.at) as StatusEntry;

const when = (e: EventWithStamp) =>
  `${brasilia(new Date(e.evt_data), 'date')} ${brasilia(new Date(e.evt_data), 'time')} (Brasília) — ${describe(e)}`;
/** The sending trail of a channel: registered, handed over, delivered. */
const auditTrail = (ofChannel: EventWithStamp[]) =>
  ofChannel.filter((x) => ['processed', 'send', 'delivered'].includes(x.evt_tipo)).map(when);
/** The reading trail of a channel: a person's reads, clicks, downloads, acceptance. */
const readTrail = (human: EventWithStamp[], canal: Channel) =>
  human
    .filter((x) => x.evt_canal === canal && ['read', 'track', 'viewed', 'click', 'download', 'acknowledged'].includes(x.evt_tipo))
    .map(when);

/** A certificate block of spec 002 §3 for one event: when, its stamp (once issued), its chained hash, the trail. */
function certificate(
  e: EventWithStamp | undefined,
  trail: Pick<CertificateBlock, 'trilhaAuditoria' | 'trilhaLeitura'>,
): CertificateBlock | null {
  if (!e) return null;
  return {
    ocorridoEm: new Date(e.evt_data).toISOString(),
    carimbo: e.car_token ? Buffer.from(e.car_token).toString('base64') : null,
    hashAssinado: e.evt_hash,
    carimbadoEm: e.car_gen_time ? new Date(e.car_gen_time).toISOString() : null,
    tsa: e.car_tsa,
    ...trail,
    ...(trail.trilhaLeitura ? { ipLeitura: e.evt_ip } : {}),
  };
}

interface PhoneView {
  status: PublicMessage['statusSMS'];
  error: PublicMessage['sms_error'];
  replies: PublicReply[];
  certificates: PhoneCertificates | null;
}

/**
 * AR-SMS or AR-WhatsApp on the public page (spec 002 §2, §3), from that channel's events (docs/phone-screens.md):
 * the current status, the last failure (its reason in detalhes.reasonFailure), the replies (their
 * text in detalhes.texto) and three certificates — sending and delivery (the delivery report, else the
 * handing over to the provider), reading (a person opening the link, or WhatsApp's read receipt) and
 * the first reply. A message that did not go by the channel has none of it.
 */
function phoneChannel<T>(
  events: EventWithStamp[],
  human: EventWithStamp[],
  states: Partial<Record<Channel, ChannelState<EventWithStamp>>>,
  canal: 'sms' | 'whatsapp',
  addressed: boolean,
  name: (view: PhoneView) => T,
): T {
  if (!addressed) return name({ status: null, error: null, replies: [], certificates: null });
  const ofChannel = events.filter((e) => e.evt_canal === canal);
  const personal = human.filter((e) => e.evt_canal === canal);
  const firstOf = (tipos: string[]) => personal.find((e) => tipos.includes(e.evt_tipo));
  const failure = [...ofChannel].reverse().find((e) => e.evt_tipo === 'erro');
  const replies = personal.filter((e) => e.evt_tipo === 'answered' || e.evt_tipo === 'acknowledged');
  const state = states[canal];
  const reply = replies[0];
  return name({
    status: state?.current ? entryOf(state.current) : null,
    error: failure
      ? {
          reasonFailure: detailString(failure, 'reasonFailure') ?? 'Falha no envio ou na entrega.',
          dateSend: new Date(failure.evt_data).toISOString(),
        }
      : null,
    replies: replies.map((e) => ({
      texto: detailString(e, 'texto') ?? '',
      dateTime: new Date(e.evt_data).toISOString(),
      tipo: e.evt_tipo as PublicReply['tipo'],
    })),
    certificates: {
      envioEntrega: certificate(firstOf(['delivered']) ?? firstOf(['send']), { trilhaAuditoria: auditTrail(ofChannel) }),
      leitura: certificate(state?.read?.event, { trilhaLeitura: readTrail(human, canal) }),
      resposta: reply ? certificate(reply, { trilhaLeitura: replies.map((e) => `${when(e)}: “${detailString(e, 'texto') ?? ''}”`) }) : null,
    },
  });
}

const detailString = (e: EventWithStamp, key: string): string | undefined => {
  const v = (e.evt_detalhes as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : undefined;
};

/** One line of a certificate's trail: what happened, and from where. */
function describe(e: EventWithStamp): string {
  const d = e.evt_detalhes as { smtpResponse?: string; url?: string; anexoNome?: string; classificacao?: string };
  const where = [e.evt_ip && `IP ${e.evt_ip}`, [e.evt_cidade, e.evt_estado, e.evt_pais].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(', ');
  const phone = e.evt_canal === 'sms' || e.evt_canal === 'whatsapp';
  const via = e.evt_canal === 'sms' ? 'SMS' : 'WhatsApp';
  const provider = typeof (d as { provedor?: unknown }).provedor === 'string' ? ` (${(d as { provedor: string }).provedor})` : '';
  const phoneText: Record<string, string> = {
    send: `${via} entregue à operadora${provider}`,
    delivered: `entrega do ${via} confirmada pela operadora${provider}`,
    viewed: `${via} lido pelo destinatário (confirmação de leitura do aplicativo)`,
    read: `página de leitura aberta pelo link do ${via}`,
    acknowledged: `recebimento confirmado pelo botão do ${via}`,
    answered: `${via} respondido pelo destinatário`,
  };
  const step = e.evt_tipo === 'processed' ? (d as { etapa?: unknown }).etapa : undefined;
  const channelText =
    e.evt_canal === 'voz' || e.evt_canal === 'carta'
      ? typeof step === 'string' && step
        ? step
        : (CHANNEL_TEXT[e.evt_canal][e.evt_tipo] ?? undefined)
      : undefined;
  const base =
    channelText ??
    (phone ? phoneText[e.evt_tipo] : undefined) ??
    {
      processed: 'mensagem registrada e colocada na fila de envio',
      send: `entregue ao servidor de e-mail do destinatário${d.smtpResponse ? ` (resposta: ${d.smtpResponse})` : ''}`,
      delivered: 'entrega confirmada pelo servidor do destinatário',
      read: 'mensagem aberta na página de leitura',
      track: 'imagem de confirmação de abertura carregada',
      click: `link acessado: ${d.url ?? ''}`,
      download: `anexo baixado: ${d.anexoNome ?? ''}`,
      acknowledged: 'recebimento confirmado pelo destinatário',
      answered: 'mensagem respondida',
      erro: 'falha no envio ou na entrega',
    }[e.evt_tipo] ??
    e.evt_tipo;
  return where ? `${base} — ${where}` : base;
}

/** A call's and a letter's events in a certificate's trail (their steps read by their own names). */
const CHANNEL_TEXT: Record<'voz' | 'carta', Record<string, string>> = {
  voz: {
    processed: 'chamada registrada e colocada na fila',
    send: 'chamada atendida pelo destinatário',
    delivered: 'chamada concluída',
    acknowledged: 'recebimento confirmado pela tecla 1',
    answered: 'outra tecla pressionada pelo destinatário',
    download: 'gravação da chamada baixada',
    erro: 'falha na chamada',
  },
  carta: {
    processed: 'carta registrada e colocada na fila',
    send: 'carta postada',
    delivered: 'carta entregue',
    erro: 'carta não enviada ou devolvida',
  },
};

/** GET …/track-email/{x}: the read was recorded, with its classification. */
export const presentPageRead = (verdict: ReadVerdict): PageReadResponse => ({ registrado: true, classificacao: verdict.classe });

/**
 * AR-Voz's part of the page (docs/voice.md): the number, the failure, the recording's page and hash,
 * and the call's certificates (as the SMS's): the call completed (else answered), with every event of
 * the call in its trail, and the key pressed (1 confirms), each with its stamp and chained hash. A call
 * has no reading: `leitura` is null.
 */
function voiceOf(msg: PublicRow, events: EventWithStamp[], human: EventWithStamp[]) {
  const voz = events.filter((e) => e.evt_canal === 'voz');
  const recording = [...voz].reverse().find((e) => (e.evt_detalhes as { etapa?: unknown } | null)?.etapa === 'gravação da chamada');
  const failure = [...voz].reverse().find((e) => e.evt_tipo === 'erro');
  const sha = (recording?.evt_detalhes as { gravacao?: { sha256?: unknown } } | undefined)?.gravacao?.sha256;
  const reason = (failure?.evt_detalhes as { reasonFailure?: unknown } | undefined)?.reasonFailure;
  return {
    numberVoz: msg.ema_uni_voz?.numberTo ?? null,
    voz_error: failure
      ? { reasonFailure: typeof reason === 'string' ? reason : 'Falha na chamada.', dateSend: new Date(failure.evt_data).toISOString() }
      : null,
    linkVoz: msg.ema_uni_voz && recording ? `/emails/info/public/voz/${msg.ema_uni_id}` : null,
    gravacaoVozSha256: typeof sha === 'string' ? sha : null,
    dataProviderVoz: msg.ema_uni_voz ? voiceCertificates(voz, human) : null,
  };
}

function voiceCertificates(voz: EventWithStamp[], human: EventWithStamp[]): PhoneCertificates {
  const firstOf = (tipo: string) => voz.find((e) => e.evt_tipo === tipo);
  const keys = human.filter((e) => e.evt_canal === 'voz' && (e.evt_tipo === 'acknowledged' || e.evt_tipo === 'answered'));
  const confirmed = keys.find((e) => e.evt_tipo === 'acknowledged') ?? keys[0];
  return {
    envioEntrega: certificate(firstOf('delivered') ?? firstOf('send'), { trilhaAuditoria: auditTrail(voz) }),
    leitura: null,
    resposta: confirmed
      ? certificate(confirmed, { trilhaLeitura: keys.map((e) => `${when(e)}: “${detailString(e, 'texto') ?? ''}”`) })
      : null,
  };
}
