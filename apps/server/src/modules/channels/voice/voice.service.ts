import { createHash } from 'node:crypto';
import { REACHED_BITS } from '@ar/core';
import { fromKysely } from 'pg-boss';
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { recordEvent } from '../../emails/events.ts';
import { simulatedMark } from '../../evidence/simulated.ts';
import { PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { markProviderEvent, providerEventKnown } from '../channels.queries.ts';
import { failChannel, recordChannelFailure } from '../channels.service.ts';
import { twilioVoiceProvider } from '../providers/twilio-voice.ts';
import { WEBHOOK_MSG } from '../webhooks.service.ts';
import { findCall, findCallOfTry, findVoiceMessage, insertCall, setCallStatus } from './voice.queries.ts';
import { type CallStatusEvent, VOICE_MAX_TRIES, type VoiceProvider } from './voice.ts';
import { digitsAnswerTwiml, voiceTwiml } from './voice-twiml.ts';

/**
 * AR-Voz's pipeline (docs/voice.md): a call per try, its callbacks as events of the message's
 * chain (each once: provedor_eventos), retries on a busy line or no answer, the recording stored
 * and hashed, the key pressed as the acknowledgment.
 */

export const VOICE_SEND_QUEUE = 'voz-send';

/** The adapter (VOICE_PROVIDER): Twilio's protocol, against Twilio or against the embedded simulator. */
export function voiceProvider(ctx: AppContext): VoiceProvider {
  return twilioVoiceProvider(ctx.config.channels.voice.twilio);
}

/** Whether calls can go out here: Twilio, or the embedded simulator's Calls resource (simulators/phone/simulator.voice.ts). */
export function voiceAvailable(ctx: AppContext): boolean {
  return ctx.config.channels.voice.provider === 'twilio' || ctx.config.channels.voice.provider === 'simulator';
}

const hook = (ctx: AppContext, uuid: string, what: 'status' | 'gravacao' | 'tecla') =>
  `${ctx.config.publicUrl}/v2/webhooks/twilio/voz/${uuid}/${what}`;

const ERRO_BIT = REACHED_BITS.erro as number;

/** Places try `tentativa` of a message's call. Idempotent per try; a refusal for good ends the channel in 'erro', credit back. */
export async function placeCall(ctx: AppContext, cod_email: number, tentativa: number): Promise<void> {
  const msg = await findVoiceMessage(ctx.db, cod_email);
  if (!msg?.ema_uni_voz) return;
  if ((msg.ema_alcance_voz & ERRO_BIT) !== 0) return;
  if (await findCallOfTry(ctx.db, cod_email, tentativa)) return;
  const provider = voiceProvider(ctx);
  const gatherActionUrl = hook(ctx, msg.ema_uni_id, 'tecla');
  const call = {
    cod_email,
    uuid: msg.ema_uni_id,
    tentativa,
    to: msg.ema_uni_voz.numberTo,
    twiml: voiceTwiml(
      { nameFrom: msg.ema_uni_name_from, subject: msg.ema_uni_subject, uuid: msg.ema_uni_id, site: new URL(ctx.config.publicUrl).host },
      gatherActionUrl,
    ),
    statusCallbackUrl: hook(ctx, msg.ema_uni_id, 'status'),
    recordingCallbackUrl: hook(ctx, msg.ema_uni_id, 'gravacao'),
    gatherActionUrl,
  };
  let accepted: Awaited<ReturnType<VoiceProvider['placeCall']>>;
  try {
    accepted = await provider.placeCall(call);
  } catch (error) {
    if (error instanceof PermanentProviderError) {
      await failChannel(ctx, cod_email, 'voz', error.reason, error.raw);
      return;
    }
    throw error;
  }
  await inTransaction(ctx.db, async (trx) => {
    const stored = await insertCall(trx, {
      call_sid: accepted.callSid,
      cod_email,
      tentativa,
      provedor: provider.name,
      numero: call.to,
      resposta: accepted.raw,
    });
    if (!stored) return;
    await recordEvent(
      trx,
      {
        cod_email,
        canal: 'voz',
        tipo: 'processed',
        affectsStatus: false,
        detalhes: {
          etapa: 'aceite do provedor',
          provedor: provider.name,
          ...simulatedMark(ctx.config, 'voz'),
          idProvedor: accepted.callSid,
          tentativa,
          numero: call.to,
          twimlSha256: createHash('sha256').update(call.twiml).digest('hex'),
          payload: accepted.raw,
        },
      },
      ctx.boss,
    );
  });
}

/** A verified callback's call, checked against the message its signed address names; 503 when the call is not recorded yet. */
async function callOf(ctx: AppContext, uuid: string, callSid: string) {
  const call = await findCall(ctx.db, callSid);
  if (!call) throw new AppError(503, WEBHOOK_MSG.tooEarly);
  if (call.ema_uni_id !== uuid) throw notFound(WEBHOOK_MSG.notConfigured);
  return call;
}

function verified(ctx: AppContext, req: ProviderRequest): VoiceProvider {
  const provider = voiceProvider(ctx);
  if (!provider.verify(req)) throw new AppError(403, WEBHOOK_MSG.badSignature);
  return provider;
}

/** What a try that ended without a conversation leads to: another try, or the end. */
const RETRIED: ReadonlySet<CallStatusEvent['status']> = new Set(['busy', 'no-answer']);
const CALL_STATUS_PT: Record<CallStatusEvent['status'], string> = {
  queued: 'na fila do provedor',
  initiated: 'chamada iniciada',
  ringing: 'chamando',
  'in-progress': 'chamada atendida',
  completed: 'chamada concluída',
  busy: 'linha ocupada',
  'no-answer': 'não atendida',
  failed: 'chamada não completada',
  canceled: 'chamada cancelada',
};

/**
 * POST /webhooks/twilio/voz/{uuid}/status: the call's progress. initiated and ringing are kept as
 * evidence without changing the status; in-progress (answered) is 'send', completed 'delivered';
 * busy and no-answer schedule the next try (VOICE_MAX_TRIES) or, after the last, end in 'erro' with
 * the credit back, as failed and canceled do at once.
 */
export async function receiveCallStatus(ctx: AppContext, uuid: string, req: ProviderRequest): Promise<void> {
  const provider = verified(ctx, req);
  const e = provider.parseStatus(req);
  if (!e || e.status === 'queued') return;
  const key = `${e.callSid}:${e.status}`;
  if (await providerEventKnown(ctx.db, provider.name, key)) return;
  const call = await callOf(ctx, uuid, e.callSid);
  const base = {
    provedor: provider.name,
    ...simulatedMark(ctx.config, 'voz'),
    chave: key,
    idProvedor: e.callSid,
    tentativa: call.tentativa,
    statusProvedor: e.status,
    etapa: CALL_STATUS_PT[e.status],
    ocorridoEm: e.at.toISOString(),
    payload: e.raw,
  };
  await inTransaction(ctx.db, async (trx) => {
    if (!(await markProviderEvent(trx, provider.name, key, call.cod_email))) return;
    await setCallStatus(trx, e.callSid, e.status);
    const event = (tipo: 'processed' | 'send' | 'delivered', detalhes: Record<string, unknown>, affectsStatus = true) =>
      recordEvent(trx, { cod_email: call.cod_email, canal: 'voz', tipo, affectsStatus, detalhes }, ctx.boss);
    switch (e.status) {
      case 'initiated':
      case 'ringing':
        await event('processed', base, false);
        return;
      case 'in-progress':
        await event('send', base);
        return;
      case 'completed':
        await event('delivered', { ...base, duracaoSegundos: Number(e.raw.CallDuration ?? 0) || 0 });
        return;
      default: {
        const reason = `${CALL_STATUS_PT[e.status]} (${e.reason ?? e.status})`;
        if (RETRIED.has(e.status) && call.tentativa < VOICE_MAX_TRIES) {
          const next = new Date(Date.now() + ctx.config.channels.voice.retryDelaySeconds * 1000);
          await event(
            'processed',
            {
              ...base,
              resultado: 'tentativa sem sucesso',
              motivo: reason,
              proximaTentativa: call.tentativa + 1,
              agendadaPara: next.toISOString(),
            },
            false,
          );
          // In the callback's transaction: the next try is queued only with the event that says why.
          await ctx.boss?.insert(
            VOICE_SEND_QUEUE,
            [
              {
                data: { cod_email: call.cod_email, tentativa: call.tentativa + 1 },
                startAfter: next,
                singletonKey: `voz:${call.cod_email}:${call.tentativa + 1}`,
              },
            ],
            { db: fromKysely(trx) },
          );
          return;
        }
        const last = RETRIED.has(e.status) ? ` após ${call.tentativa} tentativa(s)` : '';
        await recordChannelFailure(trx, ctx, call.cod_email, 'voz', { ...base, reasonFailure: `AR-Voz: ${reason}${last}.` });
      }
    }
  });
}

/** POST /webhooks/twilio/voz/{uuid}/tecla: the key pressed in the Gather. 1 is the acknowledgment; another key is kept as an answer. Answers the TwiML to play. */
export async function receiveCallDigits(ctx: AppContext, uuid: string, req: ProviderRequest): Promise<string> {
  const provider = verified(ctx, req);
  const e = provider.parseDigits(req);
  const action = hook(ctx, uuid, 'tecla');
  if (!e) return digitsAnswerTwiml(false, action);
  const confirmed = e.digits === '1';
  const key = `${e.callSid}:tecla:${e.digits}`;
  if (await providerEventKnown(ctx.db, provider.name, key)) return digitsAnswerTwiml(confirmed, action);
  const call = await callOf(ctx, uuid, e.callSid);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await markProviderEvent(trx, provider.name, key, call.cod_email))) return;
    await recordEvent(
      trx,
      {
        cod_email: call.cod_email,
        canal: 'voz',
        tipo: confirmed ? 'acknowledged' : 'answered',
        detalhes: {
          provedor: provider.name,
          ...simulatedMark(ctx.config, 'voz'),
          chave: key,
          idProvedor: e.callSid,
          tentativa: call.tentativa,
          tecla: e.digits,
          texto: confirmed ? 'Tecla 1: ouvi o aviso' : `Tecla ${e.digits}`,
          payload: e.raw,
        },
      },
      ctx.boss,
    );
  });
  return digitsAnswerTwiml(confirmed, action);
}

/** Where a call's recording is kept (ctx.storage). */
export const recordingKey = (uuid: string, recordingSid: string) => `voz/${uuid}/${recordingSid}.wav`;

/**
 * POST /webhooks/twilio/voz/{uuid}/gravacao: the recording is ready. It is fetched from the
 * provider with the account's credentials, stored, and its SHA-256 chained and stamped as an event
 * (evidence like an attachment's hash). A failed fetch answers 502: nothing is recorded.
 */
export async function receiveCallRecording(ctx: AppContext, uuid: string, req: ProviderRequest): Promise<void> {
  const provider = verified(ctx, req);
  const e = provider.parseRecording(req);
  if (e?.status !== 'completed') return;
  const key = `${e.callSid}:gravacao:${e.recordingSid}`;
  if (await providerEventKnown(ctx.db, provider.name, key)) return;
  const call = await callOf(ctx, uuid, e.callSid);
  let audio: { data: Buffer; contentType: string };
  try {
    audio = await provider.fetchRecording(e.recordingUrl);
  } catch (error) {
    ctx.log.warn({ err: error, callSid: e.callSid }, 'gravação do AR-Voz não obtida');
    throw new AppError(502, 'Não foi possível obter a gravação no provedor.');
  }
  const chave = recordingKey(uuid, e.recordingSid);
  await ctx.storage.put(chave, audio.data, 'audio/wav');
  await inTransaction(ctx.db, async (trx) => {
    if (!(await markProviderEvent(trx, provider.name, key, call.cod_email))) return;
    await recordEvent(
      trx,
      {
        cod_email: call.cod_email,
        canal: 'voz',
        tipo: 'processed',
        affectsStatus: false,
        detalhes: {
          etapa: 'gravação da chamada',
          provedor: provider.name,
          ...simulatedMark(ctx.config, 'voz'),
          chave: key,
          idProvedor: e.callSid,
          tentativa: call.tentativa,
          gravacao: {
            id: e.recordingSid,
            sha256: createHash('sha256').update(audio.data).digest('hex'),
            tamanho: audio.data.length,
            tipo: audio.contentType,
            duracaoSegundos: e.durationSeconds,
            arquivo: chave,
          },
          payload: e.raw,
        },
      },
      ctx.boss,
    );
  });
}
