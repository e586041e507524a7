import { SIMULATOR_SMS_FROM } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { sameSignature } from '../../modules/channels/signatures.ts';
import { inboundWhatsapp } from './simulator.inbound.ts';
import { metaStatusWebhook } from './simulator.payloads.ts';
import * as q from './simulator.queries.ts';
import { AUTO_REPLY, answersByItself, graphDigits, newWamid, SIMULATED_TEMPLATE, whatsappOutcome } from './simulator.rules.ts';
import { business, type Simulator, whatsappWebhookUrl } from './simulator.settings.ts';

/** The simulator's Graph API (WhatsApp Cloud API, docs/phone-simulator.md): /messages answered as Meta answers, then the webhooks. */

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

export const statusWebhook = (
  ctx: AppContext,
  m: q.SimulatedMessage,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  errorCode?: number,
) =>
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
