import { describe, expect, it } from 'vitest';
import { invoiceLinkOf, purchaseStatusLabel, referencePeriodStart } from './contracts/plans.ts';
import {
  CREDIT_MSG,
  canAddRecipient,
  checkCredits,
  failureRefundUnits,
  messageUnits,
  recipientUnits,
  unitsBreakdown,
} from './credit-units.ts';

describe('credit units per recipient row (spec 001 §9)', () => {
  it('1 for e-mail, 1 for SMS alone, 1 for e-mail plus SMS, 1 more for WhatsApp', () => {
    expect(recipientUnits({ email: true })).toBe(1);
    expect(recipientUnits({ sms: true })).toBe(1);
    expect(recipientUnits({ email: true, sms: true })).toBe(1);
    expect(recipientUnits({ email: true, whatsapp: true })).toBe(2);
    expect(recipientUnits({ email: true, sms: true, whatsapp: true })).toBe(2);
    expect(recipientUnits({ whatsapp: true })).toBe(1);
    expect(recipientUnits({})).toBe(0);
  });
  it('voice adds one unit to the row', () => {
    expect(recipientUnits({ email: true, voz: true })).toBe(2);
    expect(recipientUnits({ email: true, whatsapp: true, voz: true })).toBe(3);
  });
  it('a message is the sum of its rows', () => {
    expect(messageUnits([{ email: true }, { email: true, whatsapp: true }, { sms: true }])).toBe(4);
    expect(messageUnits([])).toBe(0);
  });
});

describe('what the units counted, by channel', () => {
  it('one recipient on five channels: 4 units, e-mail and SMS sharing one', () => {
    const five = { email: true, sms: true, whatsapp: true, voz: true, carta: true };
    expect(unitsBreakdown([five])).toEqual([
      { label: 'AR-Email + AR-SMS', units: 1 },
      { label: 'AR-WhatsApp', units: 1 },
      { label: 'AR-Voz', units: 1 },
      { label: 'AR-Carta', units: 1 },
    ]);
  });
  it('adds up to messageUnits over several rows, leaving out what counts nothing', () => {
    const rows = [{ email: true }, { email: true, whatsapp: true }, { sms: true }, { sms: true, carta: true }, {}];
    const lines = unitsBreakdown(rows);
    expect(lines).toEqual([
      { label: 'AR-Email', units: 2 },
      { label: 'AR-SMS', units: 2 },
      { label: 'AR-WhatsApp', units: 1 },
      { label: 'AR-Carta', units: 1 },
    ]);
    expect(lines.reduce((s, l) => s + l.units, 0)).toBe(messageUnits(rows));
    expect(unitsBreakdown([])).toEqual([]);
  });
});

describe('credit check', () => {
  it('a credit plan needs at least 1 credit and at least the units used', () => {
    expect(checkCredits('1', 0, 0)).toEqual({ ok: false, message: CREDIT_MSG.noCreditsForRecipient });
    expect(checkCredits('1', 2, 3).ok).toBe(false);
    expect(checkCredits('1', 3, 3).ok).toBe(true);
  });
  it('voice needs at least 2 credits', () => {
    expect(checkCredits('1', 1, 1, true)).toEqual({ ok: false, message: CREDIT_MSG.voiceMinimum });
    expect(checkCredits('1', 2, 2, true).ok).toBe(true);
  });
  it('an invoiced plan always sends', () => {
    expect(checkCredits('2', 0, 10, true).ok).toBe(true);
    expect(canAddRecipient('2', 0, 100)).toBe(true);
  });
  it('adding a recipient must fit the balance', () => {
    expect(canAddRecipient('1', 3, 2)).toBe(true);
    expect(canAddRecipient('1', 3, 3)).toBe(false);
    expect(canAddRecipient('1', 3, 2, 2)).toBe(false);
  });
});

describe('plan helpers', () => {
  it('labels purchase statuses as spec 000 §4', () => {
    expect(purchaseStatusLabel('on-hold')).toBe('Aguardando');
    expect(purchaseStatusLabel('pending')).toBe('Pagamento pendente');
    expect(purchaseStatusLabel('processing')).toBe('Processando');
    expect(purchaseStatusLabel('completed')).toBe('Concluído');
    for (const s of ['canceled', 'cancelled', 'failed']) expect(purchaseStatusLabel(s)).toBe('Cancelado');
    expect(purchaseStatusLabel('refunded')).toBe('Reembolsado');
  });
  it('finds the boleto link in the order meta data', () => {
    expect(invoiceLinkOf({ meta_data: [{ key: '_boleto_url', value: 'https://pag.example/b/1' }] })).toBe('https://pag.example/b/1');
    expect(invoiceLinkOf({ meta_data: [{ key: '_other', value: 'https://x' }] })).toBeNull();
  });
  it('starts the reference period on the last reference day, in Brasília time', () => {
    // 2026-11-21 10:00 UTC, day 5 → 2026-11-05 00:00 BRT = 03:00 UTC
    expect(referencePeriodStart(5, new Date('2026-11-21T10:00:00Z')).toISOString()).toBe('2026-11-05T03:00:00.000Z');
    // day 25 not reached yet → October
    expect(referencePeriodStart(25, new Date('2026-11-21T10:00:00Z')).toISOString()).toBe('2026-10-25T03:00:00.000Z');
    // 2026-01-01 01:00 UTC is still 31 Dec in Brasília → period from 1 Dec
    expect(referencePeriodStart(1, new Date('2026-01-01T01:00:00Z')).toISOString()).toBe('2025-12-01T03:00:00.000Z');
  });
});

describe('the units a failed channel gives back', () => {
  it('e-mail and SMS share one unit, given back when the second of them fails; WhatsApp its own', () => {
    expect(failureRefundUnits({ sms: true }, 'sms')).toBe(1);
    expect(failureRefundUnits({ email: true, sms: true }, 'sms')).toBe(0);
    expect(failureRefundUnits({ email: true, sms: true }, 'email')).toBe(0);
    expect(failureRefundUnits({ sms: true, whatsapp: true }, 'sms')).toBe(1);
    expect(failureRefundUnits({ email: true, whatsapp: true }, 'whatsapp')).toBe(1);
    expect(failureRefundUnits({ email: true }, 'email')).toBe(1);
    expect(failureRefundUnits({ email: true }, 'sms')).toBe(0);
  });
});
