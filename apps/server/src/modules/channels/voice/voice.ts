import type { ProviderRequest } from '../channel.ts';

/**
 * AR-Voz (docs/voice.md): a call that reads the notice, asks for a key to confirm it was heard,
 * and is recorded. One interface, so the pipeline (the send worker, the callbacks, the evidence)
 * never names a provider's protocol; the embedded simulator serves Twilio's (channels/simulator).
 */

/** The tries a call gets when the line is busy or nobody answers (docs/voice.md, retries). */
export const VOICE_MAX_TRIES = 3;

/** One call to place: everything the provider needs, already composed. */
export interface OutgoingCall {
  cod_email: number;
  /** The message's protocol (ema_uni_id). */
  uuid: string;
  /** Which try this is (1…VOICE_MAX_TRIES). */
  tentativa: number;
  /** The number called, E.164. */
  to: string;
  /** The TwiML the call plays (voiceTwiml). */
  twiml: string;
  /** Where the provider posts the call's progress, its recording and the key pressed (under PUBLIC_URL). */
  statusCallbackUrl: string;
  recordingCallbackUrl: string;
  gatherActionUrl: string;
}

export interface CallAcceptance {
  callSid: string;
  raw: unknown;
}

/** The call's progress as the provider reports it (Twilio's CallStatus, lower case). */
export interface CallStatusEvent {
  callSid: string;
  status: 'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
  at: Date;
  /** The provider's reason for a failure (its error code), when it gave one. */
  reason?: string;
  raw: Record<string, string>;
}

export interface CallRecordingEvent {
  callSid: string;
  recordingSid: string;
  recordingUrl: string;
  status: string;
  durationSeconds: number | null;
  raw: Record<string, string>;
}

export interface CallDigitsEvent {
  callSid: string;
  digits: string;
  raw: Record<string, string>;
}

export interface VoiceProvider {
  readonly name: 'twilio';
  /** Places the call over the provider's protocol. Throws PermanentProviderError for a refusal for good. */
  placeCall(call: OutgoingCall): Promise<CallAcceptance>;
  /** Whether a callback really comes from the provider. False: 403, nothing recorded. */
  verify(req: ProviderRequest): boolean;
  parseStatus(req: ProviderRequest): CallStatusEvent | null;
  parseRecording(req: ProviderRequest): CallRecordingEvent | null;
  parseDigits(req: ProviderRequest): CallDigitsEvent | null;
  /** The recording's audio, fetched with the account's credentials (only from the provider's own API). */
  fetchRecording(url: string): Promise<{ data: Buffer; contentType: string }>;
}
