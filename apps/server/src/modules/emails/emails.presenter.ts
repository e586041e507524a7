import {
  AUTOMATED_MARK,
  type Channel,
  type ChannelError,
  EMAIL_MSG,
  letterAddressLines,
  type MessageStatuses,
  type MessageTag,
  type PhoneReply,
  type SendResponse,
  type SentDetail,
  type SentRow,
  STATUS_LABELS,
  type StatusEntry,
  type StatusType,
} from '@ar/core';
import type { Selectable } from 'kysely';
import type { EmailsTable } from '../../db/schema.ts';
import { type ChannelState, channelStatuses } from '../evidence/channel-status.ts';
import { presentOficio } from './oficio.presenter.ts';
import type { SentSummary } from './send-values.ts';
import type { SentListRow } from './sent.queries.ts';

const known = (t: string): t is StatusType => t in STATUS_LABELS;

export function statusEntry(type: string, date: Date): StatusEntry | null {
  if (!known(type)) return null;
  return { type, ...STATUS_LABELS[type], dateTime: new Date(date).toISOString() };
}

type EventRow = { evt_canal: Channel; evt_tipo: string; evt_data: Date; evt_detalhes?: unknown };

/** Opens and clicks made by a program (image proxy, link scanner) are evidence, not a status (docs/reads.md). */
const automated = (e: EventRow) => {
  const c = (e.evt_detalhes as { classificacao?: string } | null | undefined)?.classificacao;
  return c !== undefined && c !== 'pessoa';
};

/**
 * A 'processed' event that names a step (`etapa` in its details) is evidence of a channel's way to
 * the recipient that does not change its status: the provider's acceptance (channels.service.ts,
 * the letter's and the call's), a letter in transit or out for delivery (docs/letters.md), a call
 * ringing, busy or its recording (docs/voice.md). It is shown by its step's name, not as one more
 * 'Processado', and never as the current status.
 */
const PROVIDER_ACCEPTED = 'Aceito pelo provedor';
const stepLabel = (e: EventRow): string | null => {
  if (e.evt_tipo !== 'processed') return null;
  const etapa = (e.evt_detalhes as { etapa?: unknown } | null | undefined)?.etapa;
  if (typeof etapa !== 'string' || !etapa) return null;
  return etapa === 'aceite do provedor' ? PROVIDER_ACCEPTED : etapa.charAt(0).toUpperCase() + etapa.slice(1);
};
/**
 * A download says what was downloaded: an attachment of the e-mail (the label's default), the
 * call's recording (docs/voice.md), or the letter as printed or its digital AR (docs/letters.md).
 */
const downloadLabel = (e: EventRow): string | null => {
  if (e.evt_tipo !== 'download') return null;
  if (e.evt_canal === 'voz') return 'Gravação baixada';
  if (e.evt_canal !== 'carta') return null;
  return (e.evt_detalhes as { arquivo?: unknown } | null | undefined)?.arquivo === 'ar' ? 'AR digital baixado' : 'Carta baixada';
};
export const isStep = (entry: StatusEntry) => entry.type === 'processed' && entry.label !== STATUS_LABELS.processed.label;
const entryOf = (e: EventRow): StatusEntry | null => {
  const entry = statusEntry(e.evt_tipo, e.evt_data);
  const step = entry && (stepLabel(e) ?? downloadLabel(e));
  return entry && step ? { ...entry, label: step } : entry;
};

/** Status lists per channel (in order) and the last one of each. */
export function presentStatuses(events: EventRow[]): MessageStatuses {
  const status: Record<Channel, StatusEntry[]> = { email: [], sms: [], whatsapp: [], voz: [], carta: [] };
  for (const e of events) {
    if (automated(e)) continue;
    const entry = entryOf(e);
    if (entry) status[e.evt_canal].push(entry);
  }
  // The current status (channel-status.ts, as the public page, the proof and the laudo show it).
  const lastStatus: Partial<Record<Channel, StatusEntry>> = {};
  for (const [c, state] of Object.entries(channelStatuses(events)) as [Channel, ChannelState<EventRow>][]) {
    const entry = state.current && statusEntry(state.current.type, state.current.at);
    if (entry) lastStatus[c] = entry;
  }
  const timeline = events
    .map((e) => ({
      type: e.evt_canal === 'whatsapp' ? ('whatsApp' as const) : e.evt_canal,
      date: new Date(e.evt_data).toISOString(),
      status: `${entryOf(e)?.label ?? e.evt_tipo}${automated(e) ? AUTOMATED_MARK : ''}`,
    }))
    .reverse();
  return { status, lastStatus, timeline };
}

/** A row of the sent list, with its tags and the current status of each channel. */
export const presentSentRow = ({ tags, events, total: _, ...r }: SentListRow): SentRow => ({
  ...r,
  ema_uni_data_criacao: new Date(r.ema_uni_data_criacao).toISOString(),
  emailEtiquetas: tags,
  lastStatus: Object.fromEntries(events.map((e) => [e.evt_canal, statusEntry(e.evt_tipo, new Date(e.evt_data))])),
});

type DetailEvent = EventRow & { evt_detalhes: unknown };

/**
 * The channels' details as their events carry them (docs/phone-screens.md): a reply's text in
 * `texto`, a failure's reason in `reasonFailure` (every channel's, as recordChannelFailure writes it).
 */
const detailText = (e: DetailEvent, key: 'texto' | 'reasonFailure' | 'rastreio'): string | undefined => {
  const v = (e.evt_detalhes as Record<string, unknown> | null | undefined)?.[key];
  return typeof v === 'string' ? v : undefined;
};

/** A channel's last failure, with its reason, or null. */
export function channelError(events: DetailEvent[], channel: Channel): ChannelError | null {
  const failure = [...events].reverse().find((e) => e.evt_tipo === 'erro' && e.evt_canal === channel);
  if (!failure) return null;
  return {
    reasonFailure: detailText(failure, 'reasonFailure') ?? (channel === 'email' ? '' : PHONE_FAILURE),
    dateSend: new Date(failure.evt_data).toISOString(),
  };
}

const PHONE_FAILURE = 'Falha no envio ou na entrega.';

/** The letter's S10 code, from its first tracking event that carries one. */
const letterCode = (events: DetailEvent[]) =>
  events
    .filter((e) => e.evt_canal === 'carta')
    .map((e) => detailText(e, 'rastreio'))
    .find((c) => !!c);

/** The recipient's replies on a phone channel (texts and the WhatsApp button), in the order they came. */
export function phoneReplies(events: DetailEvent[], channel: 'sms' | 'whatsapp'): PhoneReply[] {
  return events
    .filter((e) => e.evt_canal === channel && (e.evt_tipo === 'answered' || e.evt_tipo === 'acknowledged'))
    .map((e) => ({
      short_message: detailText(e, 'texto') ?? '',
      dateTime: new Date(e.evt_data).toISOString(),
      type: e.evt_tipo as PhoneReply['type'],
    }));
}

/** One sent message with its statuses, timeline, tags and last e-mail failure. */
/** Where a message's recording is heard and downloaded (the public page's AR-Voz address, docs/voice.md). */
export const voicePageLink = (publicUrl: string, uuid: string) => `${publicUrl}/emails/info/public/voz/${uuid}`;

/** The call's panel (detalhesVoz) from the voice events: tries placed, the recording's page and hash. */
function voiceDetails(msg: Selectable<EmailsTable>, events: DetailEvent[], publicUrl: string): SentDetail['detalhesVoz'] {
  if (!msg.ema_uni_voz) return null;
  const voz = events.filter((e) => e.evt_canal === 'voz');
  const etapa = (e: DetailEvent) => (e.evt_detalhes as { etapa?: unknown } | null)?.etapa;
  const recording = [...voz].reverse().find((e) => etapa(e) === 'gravação da chamada');
  const sha = (recording?.evt_detalhes as { gravacao?: { sha256?: unknown } } | undefined)?.gravacao?.sha256;
  return {
    numero: msg.ema_uni_voz.numberTo,
    status: msg.ema_status_voz,
    tentativas: voz.filter((e) => etapa(e) === 'aceite do provedor').length,
    linkAtendimento: recording ? voicePageLink(publicUrl, msg.ema_uni_id) : null,
    gravacaoSha256: typeof sha === 'string' ? sha : null,
  };
}

/**
 * The message as its detail shows it: a channel it has not gone by yet (a later step of its
 * cascade, docs/cascade.md, has no event until the step sends it) has no number, letter or call,
 * so its conversation panel does not open before it is sent; the cascade's panel shows the step.
 * The public page does the same (public.presenter.ts).
 */
function withStartedChannels(row: Selectable<EmailsTable>, events: DetailEvent[]): Selectable<EmailsTable> {
  const started = (canal: Channel) => events.some((e) => e.evt_canal === canal);
  return {
    ...row,
    ema_uni_sms: started('sms') ? row.ema_uni_sms : null,
    ema_uni_whatsapp: started('whatsapp') ? row.ema_uni_whatsapp : null,
    ema_uni_voz: started('voz') ? row.ema_uni_voz : null,
    ema_uni_carta: started('carta') ? row.ema_uni_carta : null,
  };
}

export function presentSentDetail(
  row: Selectable<EmailsTable>,
  events: DetailEvent[],
  tags: MessageTag[],
  publicUrl: string,
): Omit<SentDetail, 'tracking'> {
  const msg = withStartedChannels(row, events);
  const whatsappReplies = phoneReplies(events, 'whatsapp');
  const button = whatsappReplies.find((r) => r.type === 'acknowledged');
  return {
    ema_uni_codigo: msg.ema_uni_codigo,
    ema_uni_id: msg.ema_uni_id,
    ema_uni_name_from: msg.ema_uni_name_from,
    ema_uni_from: msg.ema_uni_from,
    ema_uni_name_to: msg.ema_uni_name_to,
    ema_uni_to: msg.ema_uni_to,
    ema_uni_subject: msg.ema_uni_subject,
    ema_uni_content: msg.ema_uni_content,
    ema_uni_identificacao: msg.ema_uni_identificacao,
    oficio: presentOficio(msg.ema_uni_oficio, events),
    ema_uni_data_criacao: new Date(msg.ema_uni_data_criacao).toISOString(),
    ema_uni_origem: msg.ema_uni_origem,
    ema_uni_attachments: msg.ema_uni_attachments,
    ema_uni_sms: msg.ema_uni_sms,
    ema_uni_whatsapp: msg.ema_uni_whatsapp,
    cod_ger_modelo: msg.cod_ger_modelo,
    hasAttachments: msg.ema_uni_attachments.attachments.length > 0,
    hasVerification: !!msg.ema_verif_pergunta,
    verification: msg.ema_verif_pergunta
      ? { ema_verif_pergunta: msg.ema_verif_pergunta, ema_verif_resposta: msg.ema_verif_resposta }
      : null,
    emailEtiquetas: tags,
    email_error: channelError(events, 'email'),
    smsStatus: msg.ema_uni_sms ? { number: msg.ema_uni_sms.number, answers: phoneReplies(events, 'sms') } : null,
    sms_error: channelError(events, 'sms'),
    whatsappStatus: msg.ema_uni_whatsapp ? { numberReceived: msg.ema_uni_whatsapp.numberReceived, answers: whatsappReplies } : null,
    ema_uni_whatsapp_status: button ? { text: button.short_message, dateTime: button.dateTime } : null,
    whatsapp_error: channelError(events, 'whatsapp'),
    hasCartas: !!msg.ema_uni_carta,
    carta: msg.ema_uni_carta
      ? {
          endereco: letterAddressLines(msg.ema_uni_carta),
          rastreio: letterCode(events) ?? null,
        }
      : null,
    carta_error: channelError(events, 'carta'),
    linkArCartaComprovante: msg.ema_uni_carta ? `/emails/info/public/carta/${msg.ema_uni_id}` : null,
    hasVoice: !!msg.ema_uni_voz,
    voz_payload: msg.ema_uni_voz ? { numberTo: msg.ema_uni_voz.numberTo } : null,
    detalhesVoz: voiceDetails(msg, events, publicUrl),
    voz_error: channelError(events, 'voz'),
    ...presentStatuses(events),
  };
}

/** POST /emails/send: the spec's message with what was stored. */
export const presentSend = (sent: SentSummary): SendResponse => ({ message: EMAIL_MSG.sent('AR Online'), ...sent });
