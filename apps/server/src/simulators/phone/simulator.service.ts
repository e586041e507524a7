import { SIMULATOR_SMS_FROM } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../modules/auth/actor.ts';
import { sameSignature } from '../../modules/channels/signatures.ts';
import { type TenantScope, tenantScope } from '../../modules/tenancy/tenant-scope.ts';
import type { Courier } from './simulator.courier.ts';
import {
  type MetaBusiness,
  metaInboundWebhook,
  metaStatusWebhook,
  type OutgoingCallback,
  twilioInboundSms,
  twilioStatusCallback,
} from './simulator.payloads.ts';
import type { ConversationView, PhoneRow } from './simulator.presenter.ts';
import * as q from './simulator.queries.ts';
import {
  AUTO_REPLY,
  answersByItself,
  basicCredentials,
  graphDigits,
  isE164,
  newTwilioSid,
  newWamid,
  SIMULATED_TEMPLATE,
  smsOutcome,
  smsSegments,
  validUrl,
  whatsappOutcome,
} from './simulator.rules.ts';
import type { SimulatedCalls, SimulatedCallView } from './simulator.voice.ts';

/**
 * The embedded provider simulator (docs/phone-simulator.md): Twilio's Messages resource and
 * the Cloud API's /messages, answered as the providers answer, then the product called back with
 * signed callbacks after realistic delays; and the phone's side, for /dev/telefone.
 */
export interface Simulator {
  ctx: AppContext;
  courier: Courier;
}

/** The phone page's limits: numbers listed, messages of one conversation. */
export const PHONES_LIMIT = 200;
export const CONVERSATION_LIMIT = 300;

const TWILIO_BODY_MAX = 1600;

/** The product's own addresses the providers call (docs/channels.md). */
const whatsappWebhookUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/v2/webhooks/whatsapp`;
const smsInboundUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/v2/webhooks/twilio/sms-inbound`;

const business = (ctx: AppContext): MetaBusiness => ({
  appSecret: ctx.config.channels.meta.appSecret,
  phoneNumberId: ctx.config.channels.meta.phoneNumberId,
  displayNumber: SIMULATOR_SMS_FROM.slice(1),
});

const twilioAuth = (ctx: AppContext) => ({
  accountSid: ctx.config.channels.twilio.accountSid,
  authToken: ctx.config.channels.twilio.authToken,
});

/** The simulated phone's number as the page names it: E.164, from the path's digits. */
export const phoneFromPath = (digits: unknown): string | null =>
  typeof digits === 'string' && /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;

// ---------------------------------------------------------------- Twilio

export type TwilioOutcome =
  | { kind: 'error'; status: number; code: number; message: string }
  | { kind: 'created'; message: q.SimulatedMessage; accountSid: string; segments: number; messagingServiceSid: string | null };

/** POST /2010-04-01/Accounts/{sid}/Messages.json: Twilio's checks in Twilio's order, then the message queued. */
export async function twilioCreateMessage(
  sim: Simulator,
  input: { pathSid: string; authorization: string | undefined; form: Record<string, string> },
): Promise<TwilioOutcome> {
  const { ctx } = sim;
  const auth = twilioAuth(ctx);
  const creds = basicCredentials(input.authorization);
  if (!creds || !sameSignature(creds.user, auth.accountSid) || !sameSignature(creds.password, auth.authToken)) {
    return { kind: 'error', status: 401, code: 20003, message: 'Authenticate' };
  }
  if (input.pathSid !== auth.accountSid) {
    return {
      kind: 'error',
      status: 404,
      code: 20404,
      message: `The requested resource /2010-04-01/Accounts/${input.pathSid}/Messages.json was not found`,
    };
  }
  const f = input.form;
  const to = f.To ?? '';
  if (!to) return { kind: 'error', status: 400, code: 21604, message: "A 'To' phone number is required." };
  if (!isE164(to)) return { kind: 'error', status: 400, code: 21211, message: `The 'To' number ${to} is not a valid phone number.` };
  const service = f.MessagingServiceSid ?? '';
  const from = f.From ?? '';
  if (!from && !service) return { kind: 'error', status: 400, code: 21603, message: "A 'From' phone number is required." };
  if (service && !/^MG[0-9a-f]{32}$/.test(service)) {
    return { kind: 'error', status: 400, code: 21701, message: `The Messaging Service Sid ${service} is invalid.` };
  }
  if (from && from !== ctx.config.channels.twilio.from) {
    return {
      kind: 'error',
      status: 400,
      code: 21606,
      message: `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    };
  }
  const body = f.Body ?? '';
  if (!body) return { kind: 'error', status: 400, code: 21602, message: 'Message body is required.' };
  if (body.length > TWILIO_BODY_MAX) {
    return { kind: 'error', status: 400, code: 21617, message: 'The concatenated message body exceeds the 1600 character limit.' };
  }
  const callback = f.StatusCallback ?? '';
  if (callback && !validUrl(callback)) return { kind: 'error', status: 400, code: 21609, message: 'Invalid StatusCallback' };

  const message = await q.insertSimulatedMessage(ctx.db, {
    sim_provedor: 'twilio',
    sim_id_provedor: newTwilioSid(),
    sim_direcao: 'saida',
    sim_canal: 'sms',
    sim_numero: to,
    sim_de: from || ctx.config.channels.twilio.from,
    sim_corpo: body,
    sim_status_callback: callback || null,
    sim_status: 'queued',
  });
  scheduleSms(sim, message);
  return { kind: 'created', message, accountSid: auth.accountSid, segments: smsSegments(body), messagingServiceSid: service || null };
}

/** queued → sent → delivered or undelivered (smsOutcome), one step each SIMULATOR_DELAY_MS, each posted to StatusCallback. */
function scheduleSms(sim: Simulator, m: q.SimulatedMessage): void {
  const { ctx, courier } = sim;
  const delay = ctx.config.simulatorDelayMs;
  const step = async (status: string, errorCode: number | null) => {
    await q.setSimulatedStatus(ctx.db, m.sim_codigo, status, errorCode);
    if (!m.sim_status_callback) return;
    await courier.deliver(
      twilioStatusCallback(twilioAuth(ctx), m.sim_status_callback, {
        sid: m.sim_id_provedor,
        from: m.sim_de,
        to: m.sim_numero,
        status,
        errorCode,
      }),
    );
  };
  courier.later(delay, async () => {
    await step('sent', null);
    const end = smsOutcome(m.sim_numero);
    courier.later(delay, async () => {
      await step(end.status, end.status === 'undelivered' ? end.errorCode : null);
      if (end.status === 'delivered' && answersByItself(m.sim_numero)) {
        courier.later(delay, async () => inboundSms(sim, await q.ownerOfOutgoing(ctx.db, m), m.sim_numero, m.sim_de, AUTO_REPLY));
      }
    });
  });
}

// ---------------------------------------------------------------- Graph (WhatsApp Cloud API)

export type GraphOutcome =
  | { kind: 'error'; status: number; code: number; type: string; message: string; subcode?: number; details?: string }
  | { kind: 'accepted'; input: string; waId: string; wamid: string };

const bearerToken = (authorization: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const param = (name: string): GraphOutcome => ({
  kind: 'error',
  status: 400,
  code: 100,
  type: 'OAuthException',
  message: `(#100) The parameter ${name} is required.`,
});
const invalid = (name: string): GraphOutcome => ({
  kind: 'error',
  status: 400,
  code: 100,
  type: 'OAuthException',
  message: `(#100) Param ${name} must be a valid value.`,
});

/** The text parameters of a template's body component, in order. */
function bodyParams(template: Json): string[] {
  const components = Array.isArray(template.components) ? template.components.filter(isObject) : [];
  const body = components.find((c) => c.type === 'body');
  const params = body && Array.isArray(body.parameters) ? body.parameters.filter(isObject) : [];
  return params.map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : ''));
}

/** What the phone shows of a template: its parameters' texts in order (header, body, buttons), and its quick-reply buttons. */
export function templateView(template: Json): { lines: string[]; buttons: string[] } {
  const lines: string[] = [];
  const buttons: string[] = [];
  const components = Array.isArray(template.components) ? template.components : [];
  for (const c of components) {
    if (!isObject(c)) continue;
    const params = (Array.isArray(c.parameters) ? c.parameters : []).filter(isObject);
    if (c.type === 'button' && c.sub_type === 'quick_reply') {
      for (const p of params) if (typeof p.payload === 'string' && p.payload) buttons.push(p.payload);
      continue;
    }
    for (const p of params) {
      if (p.type === 'text' && typeof p.text === 'string') lines.push(p.text);
    }
  }
  return { lines, buttons };
}

/** POST /v21.0/{phone-number-id}/messages: the Cloud API's checks, then the message accepted. */
export async function graphSendMessage(
  sim: Simulator,
  input: { phoneNumberId: string; authorization: string | undefined; body: unknown },
): Promise<GraphOutcome> {
  const { ctx } = sim;
  const meta = ctx.config.channels.meta;
  const token = bearerToken(input.authorization);
  if (!token || !sameSignature(token, meta.token)) {
    return {
      kind: 'error',
      status: 401,
      code: 190,
      type: 'OAuthException',
      message: 'Invalid OAuth access token - Cannot parse access token',
    };
  }
  if (input.phoneNumberId !== meta.phoneNumberId) {
    return {
      kind: 'error',
      status: 400,
      code: 100,
      subcode: 33,
      type: 'GraphMethodException',
      message: `Unsupported post request. Object with ID '${input.phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    };
  }
  const b = input.body;
  if (!isObject(b) || b.messaging_product === undefined) return param('messaging_product');
  if (b.messaging_product !== 'whatsapp') return invalid('messaging_product');
  if (typeof b.to !== 'string' || !b.to) return param('to');
  const digits = graphDigits(b.to);
  if (!digits) return invalid('to');
  const type = b.type ?? 'text';
  let corpo: string;
  let parametros: Json | null = null;
  if (type === 'text') {
    if (!isObject(b.text) || typeof b.text.body !== 'string' || !b.text.body) return param('text.body');
    if (b.text.body.length > 4096) return invalid('text.body');
    corpo = b.text.body;
  } else if (type === 'template') {
    const t = b.template;
    if (!isObject(t) || typeof t.name !== 'string' || !t.name) return param('template.name');
    if (!isObject(t.language) || typeof t.language.code !== 'string' || !t.language.code) return param('template.language');
    if (t.components !== undefined && !Array.isArray(t.components)) return invalid('template.components');
    // Another template, or this one in another language: Graph's 132001 either way.
    if ((meta.template && t.name !== meta.template) || t.language.code !== SIMULATED_TEMPLATE.language) {
      return {
        kind: 'error',
        status: 404,
        code: 132001,
        type: 'OAuthException',
        message: '(#132001) Template name does not exist in the translation',
        details: `template name (${t.name}) does not exist in ${t.language.code}`,
      };
    }
    parametros = { name: t.name, language: t.language, components: t.components ?? [] };
    const params = bodyParams(parametros);
    if (params.length !== SIMULATED_TEMPLATE.params) {
      return {
        kind: 'error',
        status: 400,
        code: 132000,
        type: 'OAuthException',
        message: '(#132000) Number of parameters does not match the expected number of params',
        details: `body: number of localizable_params (${params.length}) does not match the expected number of params (${SIMULATED_TEMPLATE.params})`,
      };
    }
    corpo = SIMULATED_TEMPLATE.body.replace(/\{\{(\d)\}\}/g, (_m, n: string) => params[Number(n) - 1] ?? '');
  } else {
    return invalid('type');
  }
  if (JSON.stringify(b).length > 64 * 1024) return invalid('template');

  const wamid = newWamid(digits);
  const message = await q.insertSimulatedMessage(ctx.db, {
    sim_provedor: 'meta',
    sim_id_provedor: wamid,
    sim_direcao: 'saida',
    sim_canal: 'whatsapp',
    sim_numero: `+${digits}`,
    sim_de: SIMULATOR_SMS_FROM,
    sim_corpo: corpo,
    sim_parametros: parametros,
    sim_status: 'accepted',
  });
  scheduleWhatsapp(sim, message);
  return { kind: 'accepted', input: b.to, waId: digits, wamid };
}

const statusWebhook = (ctx: AppContext, m: q.SimulatedMessage, status: 'sent' | 'delivered' | 'read' | 'failed', errorCode?: number) =>
  metaStatusWebhook(business(ctx), whatsappWebhookUrl(ctx), {
    wamid: m.sim_id_provedor,
    status,
    at: new Date(),
    recipient: m.sim_numero.slice(1),
    errorCode,
  });

/** accepted → sent → delivered, or failed (whatsappOutcome); 'read' comes when the phone's owner presses 'Marcar como lida'. */
function scheduleWhatsapp(sim: Simulator, m: q.SimulatedMessage): void {
  const { ctx, courier } = sim;
  const delay = ctx.config.simulatorDelayMs;
  courier.later(delay, async () => {
    const end = whatsappOutcome(m.sim_numero);
    if (end.status === 'failed') {
      await q.setSimulatedStatus(ctx.db, m.sim_codigo, 'failed', end.errorCode);
      await courier.deliver(statusWebhook(ctx, m, 'failed', end.errorCode));
      return;
    }
    await q.setSimulatedStatus(ctx.db, m.sim_codigo, 'sent');
    await courier.deliver(statusWebhook(ctx, m, 'sent'));
    courier.later(delay, async () => {
      await q.setSimulatedStatus(ctx.db, m.sim_codigo, 'delivered');
      await courier.deliver(statusWebhook(ctx, m, 'delivered'));
      if (answersByItself(m.sim_numero)) courier.later(delay, () => readAndAnswer(sim, m));
    });
  });
}

/**
 * A phone that answers by itself (answersByItself): it reads the message, then presses the
 * template's first quick-reply button, or writes AUTO_REPLY when there is none.
 */
async function readAndAnswer(sim: Simulator, m: q.SimulatedMessage): Promise<void> {
  const { ctx, courier } = sim;
  const read = await q.markWhatsappRead(ctx.db, null, m.sim_numero, m.sim_id_provedor);
  if (read) await courier.deliver(statusWebhook(ctx, read, 'read'));
  const button = m.sim_parametros ? templateView(m.sim_parametros).buttons[0] : undefined;
  await inboundWhatsapp(
    sim,
    await q.ownerOfOutgoing(ctx.db, m),
    m.sim_numero,
    m.sim_id_provedor,
    button ? { type: 'button', text: button, payload: button } : { type: 'text', body: AUTO_REPLY },
  );
}

// ---------------------------------------------------------------- the phone (/dev/telefone)

/** The numbers the actor's tenant wrote to (or whose replies it typed). */
export const listPhones = (sim: Simulator, scope: TenantScope) => q.listSimulatedPhones(sim.ctx.db, scope, PHONES_LIMIT);

/** The phones with messages and those that received calls (visibleCalls), one row each, latest first. */
export function withCalls(phones: q.SimulatedPhone[], calls: Map<string, SimulatedCallView[]>): PhoneRow[] {
  const rows = new Map<string, PhoneRow>(phones.map((p) => [p.sim_numero, { ...p, chamadas: 0 }]));
  for (const [numero, list] of calls) {
    const ultima = list[list.length - 1]?.at ?? new Date(0);
    const row = rows.get(numero);
    if (!row) rows.set(numero, { sim_numero: numero, sms: '0', whatsapp: '0', ultima, chamadas: list.length });
    else {
      row.chamadas = list.length;
      if (!row.ultima || new Date(row.ultima) < ultima) row.ultima = ultima;
    }
  }
  const time = (r: PhoneRow) => (r.ultima ? new Date(r.ultima).getTime() : 0);
  return [...rows.values()].sort((a, b) => time(b) - time(a)).slice(0, PHONES_LIMIT);
}

/**
 * One number's conversation as the actor's tenant may see it. Showing it changes nothing (a GET):
 * a WhatsApp message is read when the phone's owner presses 'Marcar como lida' (readMessage).
 */
export async function conversation(sim: Simulator, scope: TenantScope, numero: string): Promise<Omit<ConversationView, 'calls' | 'csrf'>> {
  const { ctx } = sim;
  const messages = await q.listConversation(ctx.db, scope, numero, CONVERSATION_LIMIT);
  const buttons = new Map<string, string[]>();
  for (const m of messages) {
    if (m.sim_canal === 'whatsapp' && m.sim_direcao === 'saida' && m.sim_parametros)
      buttons.set(m.sim_id_provedor, templateView(m.sim_parametros).buttons);
  }
  return { numero, messages, buttons, channels: simulatedChannels(ctx) };
}

/** The phone's owner reads one delivered WhatsApp message: it becomes 'read' and the product gets its read receipt. */
export async function readMessage(
  sim: Simulator,
  scope: TenantScope,
  numero: string,
  input: { wamid: string | undefined },
): Promise<PhoneActionOutcome> {
  const { ctx, courier } = sim;
  if (!simulatedChannels(ctx).whatsapp) return { ok: false, status: 400, message: 'O WhatsApp não está no simulador.' };
  const read = input.wamid ? await q.markWhatsappRead(ctx.db, scope, numero, input.wamid.slice(0, 200)) : undefined;
  if (!read) return { ok: false, status: 400, message: 'Mensagem não encontrada nesta conversa, ou já lida.' };
  courier.later(0, async () => {
    await courier.deliver(statusWebhook(ctx, read, 'read'));
  });
  return { ok: true };
}

/** Which channels the phone can answer on: the simulated ones. */
export const simulatedChannels = (ctx: AppContext) => ({
  sms: ctx.config.channels.sms === 'simulator',
  whatsapp: ctx.config.channels.whatsapp === 'simulator',
});

export type PhoneActionOutcome = { ok: true } | { ok: false; status: number; message: string };

const REPLY_MAX = 1600;

/** Sends an inbound message's webhook; the bubble then says whether the product took it. */
function deliverInbound(sim: Simulator, m: q.SimulatedMessage, cb: OutgoingCallback): void {
  sim.courier.later(0, async () => {
    const ok = await sim.courier.deliver(cb);
    await q.setSimulatedStatus(sim.ctx.db, m.sim_codigo, ok ? 'entregue' : 'falhou');
  });
}

/** The phone writes back on one channel: an SMS to the number that wrote to it, or a WhatsApp text answering the last message. */
export async function replyFromPhone(
  sim: Simulator,
  actor: Actor,
  numero: string,
  input: { canal: string | undefined; texto: string | undefined },
): Promise<PhoneActionOutcome> {
  const { ctx } = sim;
  const channels = simulatedChannels(ctx);
  const canal = input.canal === 'sms' || input.canal === 'whatsapp' ? input.canal : null;
  if (!canal || !channels[canal]) return { ok: false, status: 400, message: 'Escolha SMS ou WhatsApp.' };
  const texto = (input.texto ?? '').trim();
  if (!texto) return { ok: false, status: 400, message: 'Escreva a resposta.' };
  if (texto.length > REPLY_MAX) return { ok: false, status: 400, message: `A resposta pode ter até ${REPLY_MAX} caracteres.` };
  const last = await q.lastOutgoing(ctx.db, tenantScope(actor), numero, canal);
  if (!last) {
    return {
      ok: false,
      status: 400,
      message: canal === 'sms' ? 'Este telefone não recebeu SMS para responder.' : 'Este telefone não recebeu WhatsApp para responder.',
    };
  }
  if (last.sim_status === 'undelivered' || last.sim_status === 'failed') {
    return { ok: false, status: 400, message: 'A última mensagem não chegou a este telefone: não há o que responder.' };
  }
  if (canal === 'sms') await inboundSms(sim, actor.usu_codigo, numero, last.sim_de, texto);
  else await inboundWhatsapp(sim, actor.usu_codigo, numero, last.sim_id_provedor, { type: 'text', body: texto });
  return { ok: true };
}

/** An SMS from the phone to the product's number, posted to the product as Twilio's 'A message comes in'. */
async function inboundSms(sim: Simulator, author: number | null, numero: string, to: string, texto: string): Promise<void> {
  const sid = newTwilioSid();
  const m = await q.insertSimulatedMessage(sim.ctx.db, {
    sim_provedor: 'twilio',
    sim_id_provedor: sid,
    sim_direcao: 'entrada',
    sim_canal: 'sms',
    sim_numero: numero,
    sim_de: numero,
    sim_corpo: texto,
    sim_status: 'enviando',
    sim_cod_usu: author,
  });
  const cb = twilioInboundSms(twilioAuth(sim.ctx), smsInboundUrl(sim.ctx), {
    sid,
    from: numero,
    to,
    body: texto,
    segments: smsSegments(texto),
  });
  deliverInbound(sim, m, cb);
}

/** A WhatsApp message from the phone answering `context` (a text or a quick-reply button), posted as Meta's messages[]. */
async function inboundWhatsapp(
  sim: Simulator,
  author: number | null,
  numero: string,
  context: string,
  content: { type: 'text'; body: string } | { type: 'button'; text: string; payload: string },
): Promise<void> {
  const from = numero.slice(1);
  const wamid = newWamid(from);
  const m = await q.insertSimulatedMessage(sim.ctx.db, {
    sim_provedor: 'meta',
    sim_id_provedor: wamid,
    sim_direcao: 'entrada',
    sim_canal: 'whatsapp',
    sim_numero: numero,
    sim_de: numero,
    sim_corpo: content.type === 'text' ? content.body : content.text,
    sim_parametros: content.type === 'button' ? { button: { payload: content.payload, text: content.text } } : null,
    sim_contexto: context,
    sim_status: 'enviando',
    sim_cod_usu: author,
  });
  deliverInbound(
    sim,
    m,
    metaInboundWebhook(business(sim.ctx), whatsappWebhookUrl(sim.ctx), { wamid, from, at: m.sim_criado, context, content }),
  );
}

/** The phone presses a template's quick-reply button: Meta's messages[] type 'button', answering that message. */
export async function pressButton(
  sim: Simulator,
  actor: Actor,
  numero: string,
  input: { wamid: string | undefined; botao: string | undefined },
): Promise<PhoneActionOutcome> {
  const { ctx } = sim;
  if (!simulatedChannels(ctx).whatsapp) return { ok: false, status: 400, message: 'O WhatsApp não está no simulador.' };
  const target = input.wamid ? await q.findOutgoingWhatsapp(ctx.db, tenantScope(actor), numero, input.wamid.slice(0, 200)) : undefined;
  const buttons = target?.sim_parametros ? templateView(target.sim_parametros).buttons : [];
  const botao = buttons.find((b) => b === input.botao);
  if (!target || !botao) return { ok: false, status: 400, message: 'Botão não encontrado nesta conversa.' };
  if (target.sim_status === 'failed') return { ok: false, status: 400, message: 'Esta mensagem não chegou ao telefone.' };
  await inboundWhatsapp(sim, actor.usu_codigo, numero, target.sim_id_provedor, { type: 'button', text: botao, payload: botao });
  return { ok: true };
}

/**
 * Of the calls this process placed (kept in its memory) to these numbers, those that carried a
 * message of the actor's tenant, by number, oldest first: each CallSid looked up in the product's
 * voz_chamadas. A number without such a call is left out.
 */
export async function visibleCalls(
  sim: Simulator,
  scope: TenantScope,
  calls: SimulatedCalls | null,
  numeros: string[],
): Promise<Map<string, SimulatedCallView[]>> {
  if (!calls) return new Map();
  const placed = numeros.map((n) => [n, calls.of(n)] as const);
  const mine = await q.callsVisibleTo(
    sim.ctx.db,
    scope,
    placed.flatMap(([, list]) => list.map((c) => c.sid)),
  );
  const kept = placed.map(([n, list]) => [n, list.filter((c) => mine.has(c.sid))] as const);
  return new Map(kept.filter(([, list]) => list.length > 0));
}

/** Whether a call (its CallSid) carried a message of the actor's tenant: its recording is played only then. */
export async function isCallVisible(sim: Simulator, scope: TenantScope, sid: string): Promise<boolean> {
  return (await q.callsVisibleTo(sim.ctx.db, scope, [sid])).has(sid);
}
