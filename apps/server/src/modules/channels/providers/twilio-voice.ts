import type { ChannelsConfig } from '../../../config.ts';
import { providerFetch } from '../../../ops/metrics.ts';
import { PermanentProviderError, type ProviderRequest } from '../channel.ts';
import { sameSignature, twilioSignature } from '../signatures.ts';
import type { CallStatusEvent, OutgoingCall, VoiceProvider } from '../voice/voice.ts';
import { PROVIDER_TIMEOUT_MS, parseJson } from './provider-http.ts';

/**
 * AR-Voz over Twilio's Programmable Voice API (docs/voice.md). The embedded simulator serves the
 * same protocol at PUBLIC_URL/dev/twilio, so this adapter runs in every mode.
 *
 * - placeCall: POST {apiUrl}/2010-04-01/Accounts/{sid}/Calls.json, HTTP Basic (sid:token), form
 *   To, From, Twiml, Record=true, StatusCallback with StatusCallbackEvent initiated ringing answered
 *   completed, RecordingStatusCallback; the answer's `sid` (CA…) is the call's id.
 * - callbacks: X-Twilio-Signature over the full URL and the sorted POST parameters, as for SMS.
 */

const CALL_STATUSES = new Set<CallStatusEvent['status']>([
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
]);

const basic = (sid: string, token: string) => `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;

/** A Twilio time (RFC 2822 in Timestamp), else now: an event is never dropped for its clock. */
function twilioTime(value: string | undefined): Date {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? d : new Date();
}

export function twilioVoiceProvider(settings: ChannelsConfig['voice']['twilio']): VoiceProvider {
  return {
    name: 'twilio',

    async placeCall(call: OutgoingCall) {
      const { accountSid, authToken, from, apiUrl } = settings;
      const form = new URLSearchParams();
      form.set('To', call.to);
      form.set('From', from);
      form.set('Twiml', call.twiml);
      form.set('Record', 'true');
      form.set('StatusCallback', call.statusCallbackUrl);
      form.set('StatusCallbackMethod', 'POST');
      // Twilio takes the events as one space-separated value (or the parameter repeated).
      form.set('StatusCallbackEvent', 'initiated ringing answered completed');
      form.set('RecordingStatusCallback', call.recordingCallbackUrl);
      form.set('RecordingStatusCallbackMethod', 'POST');
      const res = await providerFetch('twilio', 'call', `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Calls.json`, {
        method: 'POST',
        headers: {
          authorization: basic(accountSid, authToken),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const text = await res.text();
      const body = parseJson(text) ?? (text ? { text: text.slice(0, 2000) } : null);
      if (res.ok) {
        const sid = (body as { sid?: unknown } | null)?.sid;
        if (typeof sid !== 'string' || sid.length === 0) throw new Error(`Twilio answered ${res.status} without a sid`);
        return { callSid: sid, raw: body };
      }
      const error = (body ?? {}) as { code?: number; message?: string };
      const reason = `Twilio ${error.code ?? res.status}: ${error.message ?? res.statusText}`;
      // 400: Twilio refuses this call itself (an invalid number 21211, a From that is not the
      // account's 21210, a region not enabled 21215): calling again changes nothing. 401/404/429
      // and 5xx may be fixed: the queue retries.
      if (res.status === 400) throw new PermanentProviderError(reason, body);
      throw new Error(reason);
    },

    verify(req: ProviderRequest): boolean {
      if (req.method !== 'POST') return false;
      return sameSignature(req.headers['x-twilio-signature'], twilioSignature(settings.authToken, req.url, req.form));
    },

    parseStatus(req: ProviderRequest) {
      const f = req.form;
      const status = (f.CallStatus ?? '').toLowerCase() as CallStatusEvent['status'];
      if (!f.CallSid || !CALL_STATUSES.has(status)) return null;
      const reason =
        status === 'failed' || status === 'busy' || status === 'no-answer' || status === 'canceled'
          ? `Twilio ${f.ErrorCode ? `${f.ErrorCode} ` : ''}${status}${f.SipResponseCode ? ` (SIP ${f.SipResponseCode})` : ''}`
          : undefined;
      return { callSid: f.CallSid, status, at: twilioTime(f.Timestamp), ...(reason ? { reason } : {}), raw: f };
    },

    parseRecording(req: ProviderRequest) {
      const f = req.form;
      if (!f.CallSid || !f.RecordingSid || !f.RecordingUrl) return null;
      const duration = Number(f.RecordingDuration);
      return {
        callSid: f.CallSid,
        recordingSid: f.RecordingSid,
        recordingUrl: f.RecordingUrl,
        status: (f.RecordingStatus ?? 'completed').toLowerCase(),
        durationSeconds: Number.isFinite(duration) && f.RecordingDuration !== undefined ? duration : null,
        raw: f,
      };
    },

    parseDigits(req: ProviderRequest) {
      const f = req.form;
      if (!f.CallSid || f.Digits === undefined) return null;
      return { callSid: f.CallSid, digits: f.Digits.slice(0, 10), raw: f };
    },

    async fetchRecording(url: string) {
      const { accountSid, authToken, apiUrl } = settings;
      // The account's credentials go only to the account's own API (the callback is signed, but
      // a URL elsewhere would hand the token to whoever serves it).
      if (!url.startsWith(`${apiUrl}/`)) throw new Error(`recording outside the provider's API: ${url}`);
      const res = await providerFetch('twilio', 'recording', url, {
        headers: { authorization: basic(accountSid, authToken), accept: 'audio/wav' },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS * 2),
      });
      if (!res.ok) throw new Error(`Twilio answered ${res.status} for the recording`);
      return { data: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'audio/wav' };
    },
  };
}
