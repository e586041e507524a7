import { sameSignature } from '../../modules/channels/signatures.ts';
import { inboundSms } from './simulator.inbound.ts';
import { twilioStatusCallback } from './simulator.payloads.ts';
import * as q from './simulator.queries.ts';
import {
  AUTO_REPLY,
  answersByItself,
  basicCredentials,
  isE164,
  newTwilioSid,
  smsOutcome,
  smsSegments,
  validUrl,
} from './simulator.rules.ts';
import { type Simulator, twilioAuth } from './simulator.settings.ts';

/** The simulator's Twilio (docs/phone-simulator.md): the Messages resource, answered as Twilio answers, then the status callbacks. */

const TWILIO_BODY_MAX = 1600;

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
