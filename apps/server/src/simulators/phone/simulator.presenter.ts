import { escapeHtml } from '@ar/core';
import { csrfField, devPage } from '../page.ts';
import type { SimulatedMessage, SimulatedPhone } from './simulator.queries.ts';
import { TWILIO_ERRORS } from './simulator.rules.ts';
import type { SimulatedCallView } from './simulator.voice.ts';

// ---------------------------------------------------------------- the providers' answers

/** Twilio's dates: RFC 2822 in UTC ('Wed, 25 Nov 2026 13:15:45 +0000'). */
const rfc2822 = (d: Date) => new Date(d).toUTCString().replace('GMT', '+0000');

/** Twilio's Message resource, as POST Messages.json answers it (201). */
export function presentTwilioMessage(m: SimulatedMessage, accountSid: string, segments: number, messagingServiceSid: string | null) {
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${m.sim_id_provedor}`;
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: m.sim_corpo,
    date_created: rfc2822(m.sim_criado),
    date_sent: null,
    date_updated: rfc2822(m.sim_atualizado),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: messagingServiceSid ? null : m.sim_de,
    messaging_service_sid: messagingServiceSid,
    num_media: '0',
    num_segments: String(segments),
    price: null,
    price_unit: 'USD',
    sid: m.sim_id_provedor,
    status: messagingServiceSid ? 'accepted' : 'queued',
    subresource_uris: { media: `${uri}/Media.json` },
    to: m.sim_numero,
    uri: `${uri}.json`,
  };
}

/** Twilio's error body. */
export const presentTwilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** The Cloud API's answer to an accepted message. */
export const presentGraphAccepted = (input: string, waId: string, wamid: string) => ({
  messaging_product: 'whatsapp',
  contacts: [{ input, wa_id: waId }],
  messages: [{ id: wamid }],
});

/** Graph's error body. */
export function presentGraphError(
  e: { code: number; type: string; message: string; subcode?: number; details?: string },
  fbtraceId: string,
) {
  return {
    error: {
      message: e.message,
      type: e.type,
      code: e.code,
      ...(e.subcode ? { error_subcode: e.subcode } : {}),
      ...(e.details ? { error_data: { messaging_product: 'whatsapp', details: e.details } } : {}),
      fbtrace_id: fbtraceId,
    },
  };
}

// ---------------------------------------------------------------- the phone's pages

const STYLE = `.phone{display:flex;gap:20px;flex-wrap:wrap;align-items:flex-start}
.chat{flex:1 1 380px;max-width:520px;border-radius:10px;overflow:hidden;border:1px solid #d5dce4;background:#fff}
.chat h2{margin:0;padding:10px 14px;font-size:15px;color:#fff}
.sms h2{background:#4a5563}.whatsapp h2{background:#075e54}
.thread{padding:12px;display:flex;flex-direction:column;gap:8px;min-height:80px}
.whatsapp .thread{background:#ece5dd}.sms .thread{background:#f7f7f9}
.msg{max-width:85%;padding:8px 10px;border-radius:8px;font-size:14px;box-shadow:0 1px 1px rgba(0,0,0,.1)}
.msg .text{white-space:pre-wrap;overflow-wrap:anywhere}
.received{align-self:flex-start;background:#fff}.sent{align-self:flex-end;background:#dcf8c6}
.sms .sent{background:#cfe3ff}
.meta{font-size:11px;color:#667;margin-top:4px;text-align:right}
.failed .meta{color:#b00020}
.msg form{margin-top:6px}.msg form button{width:100%;padding:6px;border:1px solid #9bb;background:#f8fffd;color:#075e54;border-radius:6px;cursor:pointer}
.msg form.read{text-align:right}.msg form.read button{width:auto;padding:2px 0;border:0;background:none;color:#1c4e80;text-decoration:underline;font-size:12px}
.reply{display:flex;gap:6px;padding:10px;border-top:1px solid #e3e8ee}
.reply textarea{flex:1;min-height:38px;font:inherit;padding:6px}
.reply button{padding:6px 12px}
.notice{background:#fff4e5;border:1px solid #f0c36d;padding:10px 14px;border-radius:6px}
.voz h2{background:#6b3fa0}.voz .thread{background:#f6f2fb}
.call{background:#fff;border-radius:8px;padding:8px 10px;font-size:14px;box-shadow:0 1px 1px rgba(0,0,0,.1)}
.call .said{margin:6px 0;color:#3d4852;font-style:italic;overflow-wrap:anywhere}
.call audio{width:100%;margin-top:6px}.call.failed .status{color:#b00020}`;

const BANNER =
  '<strong>Telefone simulado</strong> — modo de demonstração: nenhum SMS, WhatsApp ou chamada sai deste computador; aqui só as mensagens da sua conta, e o que for feito aqui fica marcado como simulado nas evidências. <a href="/dev/telefone">Todos os telefones</a>';

const page = (title: string, body: string) => devPage(title, BANNER, body, STYLE);

const fmt = (d: Date) => new Date(d).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });

/** +55 (11) 98765-4321 for a Brazilian number; other numbers as E.164. */
export function formatPhone(e164: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** The path of a number's conversation. */
const phonePath = (e164: string) => `/dev/telefone/${e164.replace(/^\+/, '')}`;

/** The text escaped, with its web addresses made links (opened in a new tab, as a phone opens the browser). */
export function linkify(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/(?:(?!&(?:lt|gt|quot|#39);)[^\s<>"'])+/g,
    (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`,
  );
}

/** A row of the phone list: a number's messages per channel, its calls, and when the last came. */
export type PhoneRow = SimulatedPhone & { chamadas: number };

/** /dev/telefone: each number that received or sent a message or received a call, latest first. */
export function presentPhoneList(rows: PhoneRow[]): string {
  const list = rows.length
    ? `<table><thead><tr><th>Telefone</th><th>SMS</th><th>WhatsApp</th><th>Chamadas</th><th>Última mensagem ou chamada</th></tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><td><a href="${escapeHtml(phonePath(r.sim_numero))}">${escapeHtml(formatPhone(r.sim_numero))}</a></td><td>${Number(r.sms)}</td><td>${Number(r.whatsapp)}</td><td>${r.chamadas}</td><td>${r.ultima ? fmt(r.ultima) : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>Nenhuma mensagem ou chamada para um telefone ainda.</p>';
  return page('Telefone simulado', `<h1>Telefone simulado</h1>${list}`);
}

const SMS_STATUS: Record<string, string> = { queued: 'Na fila', sent: 'Enviada', delivered: 'Entregue', undelivered: 'Não entregue' };
const WA_STATUS: Record<string, string> = {
  accepted: 'Aceita',
  sent: '✓ Enviada',
  delivered: '✓✓ Entregue',
  read: '✓✓ Lida',
  failed: 'Não entregue',
};
const INBOUND_STATUS: Record<string, string> = {
  enviando: 'Enviando ao produto…',
  entregue: 'Recebida pelo produto',
  falhou: 'O produto não aceitou a mensagem',
};

function statusLabel(m: SimulatedMessage): string {
  if (m.sim_direcao === 'entrada') return INBOUND_STATUS[m.sim_status] ?? m.sim_status;
  const label = (m.sim_canal === 'sms' ? SMS_STATUS : WA_STATUS)[m.sim_status] ?? m.sim_status;
  if (!m.sim_erro) return label;
  const why = m.sim_canal === 'sms' ? TWILIO_ERRORS[m.sim_erro] : 'Message undeliverable';
  return `${label} (erro ${m.sim_erro}${why ? `: ${why}` : ''})`;
}

export interface ConversationView {
  numero: string;
  messages: SimulatedMessage[];
  /** The quick-reply buttons of each WhatsApp template received, by wamid. */
  buttons: Map<string, string[]>;
  channels: { sms: boolean; whatsapp: boolean };
  /** The calls the number received (the voice simulator's, oldest first). */
  calls: SimulatedCallView[];
  /** The session's CSRF token, carried by every form of the page (simulators/access.ts). */
  csrf: string;
}

function bubble(v: ConversationView, m: SimulatedMessage): string {
  const failed = m.sim_status === 'undelivered' || m.sim_status === 'failed' || m.sim_status === 'falhou';
  const side = m.sim_direcao === 'saida' ? 'received' : 'sent';
  const pressed = m.sim_direcao === 'entrada' && m.sim_parametros && 'button' in m.sim_parametros ? '<b>Botão:</b> ' : '';
  const buttons =
    m.sim_direcao === 'saida' && !failed
      ? (v.buttons.get(m.sim_id_provedor) ?? [])
          .map(
            (b) =>
              `<form method="post" action="${escapeHtml(phonePath(v.numero))}/botao">${csrfField(v.csrf)}<input type="hidden" name="wamid" value="${escapeHtml(m.sim_id_provedor)}"><input type="hidden" name="botao" value="${escapeHtml(b)}"><button type="submit">${escapeHtml(b)}</button></form>`,
          )
          .join('')
      : '';
  // Reading is something the phone's owner does, like answering: a button, never the page's GET.
  const read =
    m.sim_canal === 'whatsapp' && m.sim_direcao === 'saida' && m.sim_status === 'delivered' && v.channels.whatsapp
      ? `<form class="read" method="post" action="${escapeHtml(phonePath(v.numero))}/ler">${csrfField(v.csrf)}<input type="hidden" name="wamid" value="${escapeHtml(m.sim_id_provedor)}"><button type="submit">Marcar como lida</button></form>`
      : '';
  return `<div class="msg ${side}${failed ? ' failed' : ''}" data-id="${escapeHtml(m.sim_id_provedor)}"><div class="text">${pressed}${linkify(m.sim_corpo)}</div>${buttons}${read}<div class="meta">${fmt(m.sim_criado)} · ${escapeHtml(statusLabel(m))}</div></div>`;
}

function chat(v: ConversationView, canal: 'sms' | 'whatsapp'): string {
  const messages = v.messages.filter((m) => m.sim_canal === canal);
  const name = canal === 'sms' ? 'SMS' : 'WhatsApp';
  const from = messages.find((m) => m.sim_direcao === 'saida')?.sim_de;
  const title = `${name}${from ? ` — ${escapeHtml(formatPhone(from))}` : ''}`;
  const thread = messages.length ? messages.map((m) => bubble(v, m)).join('') : `<p>Nenhuma mensagem por ${name}.</p>`;
  const form =
    v.channels[canal] && messages.some((m) => m.sim_direcao === 'saida')
      ? `<form class="reply" method="post" action="${escapeHtml(phonePath(v.numero))}/responder">${csrfField(v.csrf)}<input type="hidden" name="canal" value="${canal}"><textarea name="texto" maxlength="1600" required aria-label="Resposta por ${name}" placeholder="Responder por ${name}"></textarea><button type="submit">Enviar</button></form>`
      : '';
  return `<section class="chat ${canal}"><h2>${title}</h2><div class="thread">${thread}</div>${form}</section>`;
}

/** Twilio's call statuses as the phone's owner would say them. */
const CALL_STATUS: Record<string, string> = {
  queued: 'Na fila',
  initiated: 'Discando',
  ringing: 'Tocando',
  'in-progress': 'Em andamento',
  completed: 'Atendida e encerrada',
  busy: 'Ocupado',
  'no-answer': 'Não atendida',
  failed: 'Falhou (número inexistente)',
  canceled: 'Cancelada',
};

function callItem(v: ConversationView, c: SimulatedCallView): string {
  const failed = ['busy', 'no-answer', 'failed', 'canceled'].includes(c.status);
  const facts = [
    `<span class="status">${escapeHtml(CALL_STATUS[c.status] ?? c.status)}</span>`,
    c.duration ? `${c.duration} s` : '',
    c.digits ? `tecla pressionada: <b>${escapeHtml(c.digits)}</b>` : '',
  ].filter(Boolean);
  const src = `${phonePath(v.numero)}/chamadas/${c.sid}/gravacao`;
  const recording = c.recordingSid
    ? `<audio controls preload="metadata" src="${escapeHtml(src)}" aria-label="Gravação da chamada ${escapeHtml(c.sid)}"></audio><div><a href="${escapeHtml(src)}" download="${escapeHtml(c.sid)}.wav">Baixar a gravação (WAV)</a></div>`
    : '';
  return `<div class="call${failed ? ' failed' : ''}" data-sid="${escapeHtml(c.sid)}"><div><b>De ${escapeHtml(formatPhone(c.from))}</b> · ${fmt(c.at)}</div><div class="meta">${facts.join(' · ')}</div>${
    c.notice ? `<div class="said">“${escapeHtml(c.notice)}”</div>` : ''
  }${recording}</div>`;
}

/** The number's calls: each with its status, the key pressed and a player for its recording. */
function callList(v: ConversationView): string {
  if (!v.calls.length) return '';
  return `<section class="chat voz"><h2>Chamadas</h2><div class="thread">${v.calls.map((c) => callItem(v, c)).join('')}</div></section>`;
}

/** /dev/telefone/{número}: the number's SMS and WhatsApp conversations and its calls, as its owner sees them. */
export function presentConversation(v: ConversationView, notice?: string): string {
  const head = `<h1>${escapeHtml(formatPhone(v.numero))}</h1><p><a href="${escapeHtml(phonePath(v.numero))}">Atualizar</a></p>${
    notice ? `<p class="notice">${escapeHtml(notice)}</p>` : ''
  }`;
  // A number that only received calls shows no empty conversations.
  const chats = (['sms', 'whatsapp'] as const).filter((c) => !v.calls.length || v.messages.some((m) => m.sim_canal === c));
  return page(formatPhone(v.numero), `${head}<div class="phone">${chats.map((c) => chat(v, c)).join('')}${callList(v)}</div>`);
}

export const presentPhoneNotFound = () => page('Não encontrado', '<p>Telefone não encontrado.</p>');
