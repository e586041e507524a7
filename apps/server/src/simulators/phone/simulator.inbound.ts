import { metaInboundWebhook, type OutgoingCallback, twilioInboundSms } from './simulator.payloads.ts';
import * as q from './simulator.queries.ts';
import { newTwilioSid, newWamid, smsSegments } from './simulator.rules.ts';
import { business, type Simulator, smsInboundUrl, twilioAuth, whatsappWebhookUrl } from './simulator.settings.ts';

/** The simulated phone writes to the product: an inbound SMS or WhatsApp, posted as the provider posts it. */

/** Sends an inbound message's webhook; the bubble then says whether the product took it. */
function deliverInbound(sim: Simulator, m: q.SimulatedMessage, cb: OutgoingCallback): void {
  sim.courier.later(0, async () => {
    const ok = await sim.courier.deliver(cb);
    await q.setSimulatedStatus(sim.ctx.db, m.sim_codigo, ok ? 'entregue' : 'falhou');
  });
}

/** An SMS from the phone to the product's number, posted to the product as Twilio's 'A message comes in'. */
export async function inboundSms(sim: Simulator, author: number | null, numero: string, to: string, texto: string): Promise<void> {
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
export async function inboundWhatsapp(
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
