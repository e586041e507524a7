import { type CascadeChannel, type CascadeCondition, REACHED_BITS, type StatusType } from '@ar/core';
import type { findChannelMessage } from '../channels/channels.queries.ts';

/**
 * The cascade's evidence (docs/cascade.md): what the channels sent so far reached (delivered, read,
 * confirmed, failed), whether a step's condition holds on it, and the words its reasons use.
 */

/** The channels' names in the reasons a step records. */
export const NAMES: Record<CascadeChannel, string> = {
  email: 'AR-Email',
  sms: 'AR-SMS',
  whatsapp: 'AR-WhatsApp',
  voz: 'AR-Voz',
  carta: 'AR-Carta',
};

const bits = (types: StatusType[]) => types.reduce((m, t) => m | (REACHED_BITS[t] ?? 0), 0);
/** Reached the recipient: delivered or anything after it. */
export const ARRIVED = bits(['delivered', 'viewed', 'track', 'read', 'acknowledged', 'answered']);
/** Read: the public page, the tracking image, WhatsApp's read receipt; a confirmation or a reply implies it. */
const READ = bits(['viewed', 'track', 'read', 'acknowledged', 'answered']);
/** The recipient's own declaration: 'Confirmar o recebimento', WhatsApp's button, a reply. */
const CONFIRMED = bits(['acknowledged', 'answered']);
export const ERRO = REACHED_BITS.erro as number;

/** The events that are each evidence, and their words in a reason. */
export const EVIDENCE_TYPES: Record<'arrived' | 'read' | 'confirmed', StatusType[]> = {
  arrived: ['delivered', 'viewed', 'track', 'read', 'acknowledged', 'answered'],
  read: ['viewed', 'track', 'read', 'acknowledged', 'answered'],
  confirmed: ['acknowledged', 'answered'],
};
export const EVIDENCE_WORDS: Record<string, string> = {
  delivered: 'entregue',
  viewed: 'visualizado',
  track: 'lido',
  read: 'lido',
  acknowledged: 'com o recebimento confirmado',
  answered: 'respondido',
  erro: 'falhou',
};

/** What the channels sent so far say of the recipient. */
interface Evidence {
  sent: CascadeChannel[];
  arrived: boolean;
  read: boolean;
  confirmed: boolean;
  /** Every channel sent so far failed without reaching the recipient. */
  allFailed: boolean;
}

/** The evidence of a message's reached bits (ema_alcance_*) over the channels sent. */
export function evidenceOf(msg: NonNullable<Awaited<ReturnType<typeof findChannelMessage>>>, sent: CascadeChannel[]): Evidence {
  const reached: Record<CascadeChannel, number> = {
    email: msg.ema_alcance_email,
    sms: msg.ema_alcance_sms,
    whatsapp: msg.ema_alcance_whatsapp,
    voz: msg.ema_alcance_voz,
    carta: msg.ema_alcance_carta,
  };
  const any = (mask: number) => sent.some((c) => (reached[c] & mask) !== 0);
  return {
    sent,
    arrived: any(ARRIVED),
    read: any(READ),
    confirmed: any(CONFIRMED),
    allFailed: sent.length > 0 && sent.every((c) => (reached[c] & ERRO) !== 0 && (reached[c] & ARRIVED) === 0),
  };
}

/** Whether the step goes (its condition holds on the evidence), and which evidence to name. */
export function conditionHolds(
  c: CascadeCondition,
  ev: Evidence,
): { holds: boolean; evidence: 'arrived' | 'read' | 'confirmed' | 'erro' | null } {
  switch (c.tipo) {
    case 'junto':
      return { holds: true, evidence: null };
    case 'nao_entregue':
      return { holds: !ev.arrived, evidence: ev.arrived ? 'arrived' : null };
    case 'nao_lido':
      return { holds: !ev.read, evidence: ev.read ? 'read' : null };
    case 'nao_confirmado':
      return { holds: !ev.confirmed, evidence: ev.confirmed ? 'confirmed' : null };
    case 'falhou':
      return { holds: ev.allFailed, evidence: ev.allFailed ? 'erro' : null };
  }
}

/** 'AR-Email, AR-SMS' */
export const list = (channels: CascadeChannel[]) => channels.map((c) => NAMES[c]).join(', ');
/** What a step's condition waited for that never came, in a reason. */
export const NONE_WORDS: Record<Exclude<CascadeCondition['tipo'], 'junto'>, string> = {
  nao_entregue: 'nenhuma entrega',
  nao_lido: 'nenhuma leitura',
  nao_confirmado: 'nenhuma confirmação de recebimento',
  falhou: 'nenhuma falha de todos os canais',
};
