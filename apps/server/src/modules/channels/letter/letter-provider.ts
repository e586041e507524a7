import type { LetterAddress, StatusType } from '@ar/core';
import type { ProviderRequest } from '../channel.ts';

/**
 * AR-Carta's provider (docs/letters.md): a hybrid-mail service that prints the letter's PDF near
 * the recipient, posts it as a registered letter with a digital AR, and reports its tracking. The
 * Correios' e-Carta has no public API, so the product speaks one documented HTTP contract
 * (docs/letter-provider.openapi.yaml; http-letter.ts) that an adapter or a provider implements,
 * and the embedded simulator serves. The pipeline — the send worker, the callback route, the
 * evidence — never names a provider.
 */
export type LetterProviderName = 'simulator' | 'http';

/** One letter to hand to the provider: everything it needs, already made (no lookups inside an adapter). */
export interface OutgoingLetter {
  /** The message's protocol number (ema_uni_codigo): the provider's reference. */
  protocol: number;
  /** The message's uuid (ema_uni_id): the idempotency key, so a retried submission prints once. */
  uuid: string;
  /** The letter's PDF (letter.pdf.ts), its SHA-256 (hex) and page count. */
  pdf: Buffer;
  sha256: string;
  pages: number;
  address: LetterAddress;
  /** Where the provider posts this letter's tracking callbacks, under PUBLIC_URL. */
  callbackUrl: string;
}

/** The provider's acceptance: its letter id and its answer as given. */
export interface LetterAcceptance {
  providerId: string;
  raw: unknown;
}

/** The tracking steps of a registered letter, as the contract names them. */
export const LETTER_TRACKING_STATUSES = ['postado', 'em_transito', 'saiu_para_entrega', 'entregue', 'devolvido'] as const;
export type LetterTrackingStatus = (typeof LETTER_TRACKING_STATUSES)[number];

/** The product's status of the letter channel each step sets (null: a step recorded as evidence, the status unchanged). */
export type LetterStatus = Extract<StatusType, 'send' | 'delivered' | 'erro'>;

/**
 * Tracking step → the product's status:
 * - postado → send ('Enviado'): the Correios took the letter; the date that counts as sent. The
 *   product keeps one 'send' per channel, which is this one.
 * - em_transito, saiu_para_entrega → none: recorded in the letter's history (chained and
 *   stamped like any event) without changing its status; no status type of the product means
 *   "on its way", and 'send' is taken by the posting.
 * - entregue → delivered ('Entregue'), with the digital AR: the signed receipt is the evidence of
 *   delivery. It is not 'acknowledged': who signs at the address need not be the recipient.
 * - devolvido → erro ('Falha no Envio/Entrega'), with the reason the carrier gave (mudou-se,
 *   desconhecido, recusado, ausente três vezes…).
 */
export const LETTER_STATUS_OF: Record<LetterTrackingStatus, LetterStatus | null> = {
  postado: 'send',
  em_transito: null,
  saiu_para_entrega: null,
  entregue: 'delivered',
  devolvido: 'erro',
};

/** The tracking steps' names as the screens and documents print them. */
export const LETTER_TRACKING_LABELS: Record<LetterTrackingStatus, string> = {
  postado: 'Postado',
  em_transito: 'Em trânsito',
  saiu_para_entrega: 'Saiu para entrega',
  entregue: 'Entregue',
  devolvido: 'Devolvido',
};

/** The digital AR: the image of the receipt the recipient signed, sent inline or by address, with its SHA-256. */
export type DigitalReceipt =
  | { kind: 'inline'; contentType: string; data: Buffer; sha256: string }
  | { kind: 'url'; contentType: string; url: string; sha256: string };

/** One tracking step of a letter at the provider. */
export interface LetterTrackingEvent {
  /** The provider's event id: a retried callback is recorded once. */
  eventKey: string;
  providerId: string;
  /** The letter's S10 code (RA473124829BR), checked. */
  trackingCode: string;
  status: LetterTrackingStatus;
  /** Ours (LETTER_STATUS_OF). */
  productStatus: LetterStatus | null;
  /** When the provider says it happened (apply by this, not by arrival). */
  at: Date;
  /** Where (the carrier's unit), when the provider says. */
  location: string | null;
  /** Why it came back ('devolvido'). */
  reason?: string;
  /** The digital AR ('entregue'). */
  receipt?: DigitalReceipt;
  /** The provider's payload of this one event, kept (hashed in the chain) as evidence; an inline receipt's bytes are left out (kept as a file by their hash). */
  raw: unknown;
}

/**
 * A callback or an answer the product will not believe: a bad tracking code, an unknown status, a
 * receipt whose bytes do not match its hash. The whole callback is refused (400 with `reason`)
 * and nothing of it is recorded; the provider sends it again corrected.
 */
export class LetterCallbackRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface LetterProvider {
  readonly name: LetterProviderName;
  /** Hands the letter to the provider. Throws PermanentProviderError (channel.ts) for a refusal for good; anything else is retried. */
  submit(letter: OutgoingLetter): Promise<LetterAcceptance>;
  /** Whether a callback really comes from the provider (its signature). False: 403, nothing recorded. */
  verify(req: ProviderRequest): boolean;
  /** The tracking events of a verified callback. Throws LetterCallbackRefused: nothing of it is recorded. */
  parse(req: ProviderRequest): LetterTrackingEvent[];
  /** The letter's tracking as the provider has it now (to catch up on a callback that never came). */
  track(providerId: string): Promise<LetterTrackingEvent[]>;
}
