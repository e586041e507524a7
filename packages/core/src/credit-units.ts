import type { PlanType } from './contracts/users.ts';

/**
 * Credit units of a send (spec 001 §9), shared by the compose screen and the server's debit.
 *
 * Per recipient row: 1 for e-mail; 1 for SMS when there is no e-mail; 1 for e-mail plus SMS
 * together; 1 more for WhatsApp. A voice send adds 1 extra (an extra credit on a credit plan,
 * an extra counted send on an invoiced plan) for each row that receives the call. A registered
 * letter (AR-Carta, docs/letters.md) adds 1 more for each row that receives one, on the same terms.
 */
export interface RecipientChannels {
  email?: boolean;
  sms?: boolean;
  whatsapp?: boolean;
  voz?: boolean;
  carta?: boolean;
}

export const CREDIT_MSG = {
  noCreditsForRecipient: 'Você não possui créditos suficientes para adicionar um novo destinatário',
  extraRecipient: 'A cada novo destinatário adicionado, será cobrado um AR adicional',
  voiceMinimum: 'Para envio de AR-Voz você precisa ter no mínimo 2 créditos em conta!',
} as const;

/** Minimum balance for AR-Voz on a credit plan. */
export const VOICE_MIN_CREDITS = 2;

export function recipientUnits(row: RecipientChannels): number {
  let units = row.email || row.sms ? 1 : 0;
  if (row.whatsapp) units += 1;
  if (row.voz) units += 1;
  if (row.carta) units += 1;
  return units;
}

export function messageUnits(rows: RecipientChannels[]): number {
  return rows.reduce((sum, row) => sum + recipientUnits(row), 0);
}

/** One line of what a send counts: the channel (or e-mail and SMS together) and its units. */
export interface UnitsLine {
  label: string;
  units: number;
}

/**
 * What `messageUnits` counted, by channel, for the compose screen to show next to 'AR utilizados'
 * (one recipient on five channels is 4 units, not 5: e-mail and SMS share one). The lines add up
 * to messageUnits(rows); channels that count nothing are left out.
 */
export function unitsBreakdown(rows: RecipientChannels[]): UnitsLine[] {
  const counts = new Map<string, number>(
    ['AR-Email + AR-SMS', 'AR-Email', 'AR-SMS', 'AR-WhatsApp', 'AR-Voz', 'AR-Carta'].map((label) => [label, 0]),
  );
  const add = (label: string) => counts.set(label, (counts.get(label) ?? 0) + 1);
  for (const r of rows) {
    if (r.email && r.sms) add('AR-Email + AR-SMS');
    else if (r.email) add('AR-Email');
    else if (r.sms) add('AR-SMS');
    if (r.whatsapp) add('AR-WhatsApp');
    if (r.voz) add('AR-Voz');
    if (r.carta) add('AR-Carta');
  }
  return [...counts].filter(([, units]) => units > 0).map(([label, units]) => ({ label, units }));
}

export interface CreditCheck {
  ok: boolean;
  /** The spec's warning when the send is refused. */
  message?: string;
}

/**
 * Whether a send of `units` may go out. Invoiced plans (type '2') always may: they count usage.
 * A credit plan needs at least 1 credit and at least as many credits as the units used; with
 * voice, at least 2 credits.
 */
export function checkCredits(tipoPlano: PlanType, balance: number, units: number, hasVoice = false): CreditCheck {
  if (tipoPlano === '2') return { ok: true };
  if (hasVoice && balance < VOICE_MIN_CREDITS) return { ok: false, message: CREDIT_MSG.voiceMinimum };
  if (balance < 1 || balance < units) return { ok: false, message: CREDIT_MSG.noCreditsForRecipient };
  return { ok: true };
}

/** Whether one more recipient row of `nextRowUnits` still fits the balance (the compose screen's add button). */
export function canAddRecipient(tipoPlano: PlanType, balance: number, unitsSoFar: number, nextRowUnits = 1): boolean {
  return tipoPlano === '2' || balance >= unitsSoFar + nextRowUnits;
}

/**
 * The units a failed channel gives back (docs/channels.md): what the row cost with the channels
 * still alive, less what it costs without the one that failed. E-mail and SMS share one unit, so
 * it comes back only when both failed; WhatsApp's own unit comes back with it. `alive`: the row's
 * channels that have not failed before this one.
 */
export function failureRefundUnits(alive: RecipientChannels, failed: keyof RecipientChannels): number {
  if (!alive[failed]) return 0;
  return recipientUnits(alive) - recipientUnits({ ...alive, [failed]: false });
}
