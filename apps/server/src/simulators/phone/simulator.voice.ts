import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sameSignature } from '../../modules/channels/signatures.ts';
import { recordingWav } from '../../modules/channels/voice/wav.ts';
import { createCourier } from './simulator.courier.ts';
import { twilioForm } from './simulator.payloads.ts';
import { basicCredentials, isE164, validUrl } from './simulator.rules.ts';

/**
 * The simulator's Twilio Programmable Voice (docs/voice.md): Calls.json answered as Twilio answers
 * (Basic auth, its error codes), the call 'dialled' with an outcome chosen by the number, every
 * callback signed with X-Twilio-Signature, and the recording — a short WAV made in code — served
 * behind the same Basic auth. Mounted only with VOICE_PROVIDER=simulator.
 *
 * Outcomes by the number's last four digits: 0000 the call fails (the number does not exist);
 * 2222 busy on the first call this process places to it, answered on the next; 3333 never
 * answered; any other answered, the notice heard and 1 pressed, then completed and recorded.
 */

/** A call as the simulated phone lists it (/dev/telefone): when, from whom, how it went, what was said. */
export interface SimulatedCallView {
  sid: string;
  from: string;
  at: Date;
  /** Twilio's call status: queued, initiated, ringing, in-progress, completed, busy, no-answer, failed. */
  status: string;
  notice: string | null;
  digits: string | null;
  duration: number | null;
  recordingSid: string | null;
}

/** A call the simulator placed: what Twilio keeps of it, and what the phone's owner saw and heard (the view). */
interface SimulatedCall extends SimulatedCallView {
  to: string;
  statusCallback: string | null;
  events: Set<string>;
  recordingCallback: string | null;
  record: boolean;
  gatherAction: string | null;
}

/** The calls this process placed, for the phone pages: by number, newest last, and a recording's audio. */
export interface SimulatedCalls {
  /** The numbers called. */
  numbers(): string[];
  of(numero: string): SimulatedCallView[];
  recording(numero: string, callSid: string): Buffer | null;
}

/** The calls kept for the phone page (the oldest forgotten first): a development stand-in's memory. */
const CALLS_KEPT = 1000;

const TWILIO_API_VERSION = '2010-04-01';

const newSid = (prefix: 'CA' | 'RE') => `${prefix}${randomBytes(16).toString('hex')}`;

const xmlUnescape = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] as string);

/** The first thing the TwiML says (the notice), as the phone's owner heard it. */
export function spokenNoticeOf(twiml: string): string | null {
  const m = /<Say\b[^>]*>([\s\S]*?)<\/Say>/.exec(twiml);
  return m?.[1] ? xmlUnescape(m[1]) : null;
}

/** The Gather's action in a TwiML document, if it has one. */
export function gatherActionOf(twiml: string): string | null {
  const m = /<Gather\b[^>]*\baction="([^"]*)"/.exec(twiml);
  return m?.[1] ? xmlUnescape(m[1]) : null;
}

export type CallOutcome = 'failed' | 'busy-once' | 'no-answer' | 'answered';

export function callOutcome(to: string): CallOutcome {
  const last4 = to.slice(-4);
  if (last4 === '0000') return 'failed';
  if (last4 === '2222') return 'busy-once';
  if (last4 === '3333') return 'no-answer';
  return 'answered';
}

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/**
 * Mounts the simulator's Calls and Recordings resources and answers the calls it placed, which the
 * phone pages list (simulator.routes.ts).
 */
export function simulatorVoiceRoutes(app: FastifyInstance, ctx: AppContext): SimulatedCalls {
  const settings = ctx.config.channels.voice.twilio;
  const courier = createCourier({ retryMs: Math.max(250, ctx.config.simulatorDelayMs), attempts: 6, log: ctx.log });
  const delay = ctx.config.simulatorDelayMs;
  /** Numbers called so far in this process (2222: busy the first time). */
  const dialled = new Map<string, number>();
  /** The recordings this process made: RecordingSid → the call it recorded (its WAV's seed). */
  const recordings = new Map<string, string>();
  /** Every call placed, oldest first, for the phone page. */
  const placed: SimulatedCall[] = [];
  const wavOf = (callSid: string, recordingSid: string) => recordingWav(`${callSid}:${recordingSid}`);

  const authorized = (authorization: string | undefined) => {
    const creds = basicCredentials(authorization);
    return !!creds && sameSignature(creds.user, settings.accountSid) && sameSignature(creds.password, settings.authToken);
  };

  const post = (url: string | null, params: Record<string, string>) =>
    url ? courier.deliver(twilioForm(settings.authToken, url, params)) : Promise.resolve(false);

  function dial(call: SimulatedCall): void {
    let sequence = 0;
    const base = () => ({
      AccountSid: settings.accountSid,
      ApiVersion: TWILIO_API_VERSION,
      CallSid: call.sid,
      Called: call.to,
      Caller: call.from,
      Direction: 'outbound-api',
      From: call.from,
      To: call.to,
    });
    const status = async (CallStatus: string, event: string, extra: Record<string, string> = {}) => {
      call.status = CallStatus;
      if (!call.events.has(event)) return;
      await post(call.statusCallback, {
        ...base(),
        CallStatus,
        CallbackSource: 'call-progress-events',
        SequenceNumber: String(sequence++),
        Timestamp: new Date().toUTCString().replace('GMT', '+0000'),
        ...extra,
      });
    };
    const times = (dialled.get(call.to) ?? 0) + 1;
    dialled.set(call.to, times);
    const outcome = callOutcome(call.to);
    courier.later(delay, async () => {
      await status('initiated', 'initiated');
      if (outcome === 'failed') {
        // The carrier does not know the number: Twilio ends the call failed, always reported.
        call.status = 'failed';
        call.duration = 0;
        await post(call.statusCallback, { ...base(), CallStatus: 'failed', SipResponseCode: '404', CallDuration: '0' });
        return;
      }
      await status('ringing', 'ringing');
      courier.later(delay, async () => {
        if (outcome === 'no-answer' || (outcome === 'busy-once' && times === 1)) {
          const end = outcome === 'no-answer' ? 'no-answer' : 'busy';
          call.status = end;
          call.duration = 0;
          await post(call.statusCallback, {
            ...base(),
            CallStatus: end,
            CallDuration: '0',
            ...(end === 'busy' ? { SipResponseCode: '486' } : { SipResponseCode: '487' }),
          });
          return;
        }
        await status('in-progress', 'answered');
        courier.later(delay, async () => {
          // The notice was heard: 1 pressed, posted to the Gather's action.
          if (call.gatherAction) call.digits = '1';
          if (call.gatherAction)
            await post(call.gatherAction, { ...base(), CallStatus: 'in-progress', Digits: '1', FinishedOnKey: '', msg: 'Gather End' });
          courier.later(delay, async () => {
            const duration = String(Math.max(1, Math.round((delay * 3) / 1000)));
            call.duration = Number(duration);
            await status('completed', 'completed', { CallDuration: duration });
            if (!call.record) return;
            const recordingSid = newSid('RE');
            recordings.set(recordingSid, call.sid);
            call.recordingSid = recordingSid;
            await post(call.recordingCallback, {
              AccountSid: settings.accountSid,
              CallSid: call.sid,
              RecordingSid: recordingSid,
              RecordingUrl: `${settings.apiUrl}/2010-04-01/Accounts/${settings.accountSid}/Recordings/${recordingSid}`,
              RecordingStatus: 'completed',
              RecordingDuration: '2',
              RecordingChannels: '1',
              RecordingSource: 'OutboundAPI',
              RecordingStartTime: new Date().toUTCString().replace('GMT', '+0000'),
            });
          });
        });
      });
    });
  }

  app.register(async (scope) => {
    scope.addHook('onClose', async () => courier.close());
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
      const form: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body))) if (!(k in form)) form[k] = v;
      done(null, form);
    });

    scope.post('/dev/twilio/2010-04-01/Accounts/:sid/Calls.json', async (request, reply) => {
      const pathSid = String((request.params as { sid?: string }).sid ?? '');
      if (!authorized(request.headers.authorization)) {
        reply.header('www-authenticate', 'Basic realm="Twilio API"');
        return reply.status(401).send(twilioError(401, 20003, 'Authenticate'));
      }
      if (pathSid !== settings.accountSid)
        return reply
          .status(404)
          .send(twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${pathSid}/Calls.json was not found`));
      const f = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const to = f.To ?? '';
      if (!to) return reply.status(400).send(twilioError(400, 21201, "No 'To' number is specified"));
      if (!isE164(to)) return reply.status(400).send(twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      const from = f.From ?? '';
      if (!from) return reply.status(400).send(twilioError(400, 21213, "No 'From' number is specified"));
      if (from !== settings.from)
        return reply
          .status(400)
          .send(twilioError(400, 21210, `The source phone number provided, ${from}, is not yet verified for your account.`));
      const twiml = f.Twiml ?? '';
      if (!twiml && !f.Url) return reply.status(400).send(twilioError(400, 21205, 'Url parameter is required.'));
      if (twiml && !/^\s*(<\?xml[^>]*\?>\s*)?<Response>[\s\S]*<\/Response>\s*$/.test(twiml))
        return reply.status(400).send(twilioError(400, 12100, 'Document parse failure'));
      for (const key of ['StatusCallback', 'RecordingStatusCallback'] as const)
        if (f[key] && !validUrl(f[key] as string)) return reply.status(400).send(twilioError(400, 21609, `Invalid ${key}`));
      const call: SimulatedCall = {
        sid: newSid('CA'),
        to,
        from,
        statusCallback: f.StatusCallback || null,
        events: new Set((f.StatusCallbackEvent ?? '').split(/\s+/).filter(Boolean)),
        recordingCallback: f.RecordingStatusCallback || null,
        record: f.Record === 'true',
        gatherAction: gatherActionOf(twiml),
        at: new Date(),
        status: 'queued',
        notice: spokenNoticeOf(twiml),
        digits: null,
        duration: null,
        recordingSid: null,
      };
      placed.push(call);
      if (placed.length > CALLS_KEPT) placed.shift();
      dial(call);
      const now = new Date().toUTCString().replace('GMT', '+0000');
      return reply.status(201).send({
        sid: call.sid,
        account_sid: settings.accountSid,
        to,
        from,
        status: 'queued',
        direction: 'outbound-api',
        api_version: TWILIO_API_VERSION,
        date_created: now,
        date_updated: now,
        uri: `/2010-04-01/Accounts/${settings.accountSid}/Calls/${call.sid}.json`,
      });
    });

    scope.get('/dev/twilio/2010-04-01/Accounts/:sid/Recordings/:recording', async (request, reply) => {
      const params = request.params as { sid?: string; recording?: string };
      if (!authorized(request.headers.authorization)) {
        reply.header('www-authenticate', 'Basic realm="Twilio API"');
        return reply.status(401).send(twilioError(401, 20003, 'Authenticate'));
      }
      const recordingSid = String(params.recording ?? '').replace(/\.wav$/, '');
      const callSid = params.sid === settings.accountSid ? recordings.get(recordingSid) : undefined;
      if (!callSid) return reply.status(404).send(twilioError(404, 20404, 'The requested resource was not found'));
      return reply.type('audio/x-wav').send(wavOf(callSid, recordingSid));
    });
  });

  const view = (c: SimulatedCall): SimulatedCallView => ({
    sid: c.sid,
    from: c.from,
    at: c.at,
    status: c.status,
    notice: c.notice,
    digits: c.digits,
    duration: c.duration,
    recordingSid: c.recordingSid,
  });
  return {
    numbers: () => [...new Set(placed.map((c) => c.to))],
    of: (numero) => placed.filter((c) => c.to === numero).map(view),
    recording(numero, callSid) {
      const c = placed.find((x) => x.sid === callSid && x.to === numero);
      return c?.recordingSid ? wavOf(c.sid, c.recordingSid) : null;
    },
  };
}
