import type { AppContext } from '../../context.ts';
import type { Actor } from '../../modules/auth/actor.ts';
import { type TenantScope, tenantScope } from '../../modules/tenancy/tenant-scope.ts';
import { statusWebhook, templateView } from './simulator.graph.ts';
import { inboundSms, inboundWhatsapp } from './simulator.inbound.ts';
import type { ConversationView, PhoneRow } from './simulator.presenter.ts';
import * as q from './simulator.queries.ts';
import type { Simulator } from './simulator.settings.ts';
import type { SimulatedCalls, SimulatedCallView } from './simulator.voice.ts';

/**
 * The simulated phone's side, for /dev/telefone (docs/phone-simulator.md): its numbers and
 * conversations, reading, replying and pressing a button. The providers' side is
 * simulator.twilio.ts and simulator.graph.ts.
 */

/** The phone page's limits: numbers listed, messages of one conversation. */
export const PHONES_LIMIT = 200;
export const CONVERSATION_LIMIT = 300;

/** The simulated phone's number as the page names it: E.164, from the path's digits. */
export const phoneFromPath = (digits: unknown): string | null =>
  typeof digits === 'string' && /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;

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
