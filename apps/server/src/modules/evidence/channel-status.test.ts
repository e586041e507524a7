import type { Channel } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { channelStatuses, type StatusEvent } from './channel-status.ts';

const T0 = Date.parse('2026-12-07T12:00:00.000Z');
/** An event `s` seconds after T0. */
const ev = (s: number, evt_tipo: string, evt_canal: Channel = 'email', evt_detalhes: unknown = {}): StatusEvent => ({
  evt_canal,
  evt_tipo,
  evt_data: new Date(T0 + s * 1000),
  evt_detalhes,
});
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const summary = (events: StatusEvent[], canal: Channel = 'email') => {
  const s = channelStatuses(events)[canal];
  if (!s) return null;
  const t = (r: { at: Date } | null) => r?.at.toISOString() ?? null;
  return {
    current: s.current?.type ?? null,
    reached: s.reached.map((r) => r.type),
    sent: t(s.sent),
    delivered: t(s.delivered),
    read: t(s.read),
    acknowledged: t(s.acknowledged),
    answered: t(s.answered),
    failed: t(s.failed),
  };
};

describe('a channel status derived from its events', () => {
  it('follows a plain history: processed, sent, delivered, read', () => {
    expect(summary([ev(0, 'processed'), ev(1, 'send'), ev(2, 'delivered'), ev(60, 'read'), ev(90, 'read')])).toEqual({
      current: 'read',
      reached: ['processed', 'send', 'delivered', 'read'],
      sent: iso(1),
      delivered: iso(2),
      read: iso(60),
      acknowledged: null,
      answered: null,
      failed: null,
    });
  });

  it('sent but not yet delivered: no delivery time (never the sending time in its place)', () => {
    expect(summary([ev(0, 'processed'), ev(1, 'send')])).toMatchObject({ current: 'send', sent: iso(1), delivered: null, read: null });
  });

  it('an answer without a read implies the read (and the delivery) at its time', () => {
    expect(summary([ev(0, 'processed'), ev(1, 'send'), ev(300, 'answered')])).toEqual({
      current: 'answered',
      reached: ['processed', 'send', 'answered'],
      sent: iso(1),
      delivered: iso(300),
      read: iso(300),
      acknowledged: null,
      answered: iso(300),
      failed: null,
    });
    // An acceptance likewise; a later real read does not move the read time back to it.
    expect(summary([ev(1, 'send'), ev(50, 'acknowledged'), ev(70, 'read')])).toMatchObject({
      current: 'acknowledged',
      read: iso(70),
      acknowledged: iso(50),
    });
  });

  it('out of order: a late delivery report never hides the read; the times are the events own', () => {
    const events = [ev(60, 'read'), ev(1, 'send'), ev(0, 'processed'), ev(2, 'delivered')];
    expect(summary(events)).toMatchObject({ current: 'read', reached: ['processed', 'send', 'delivered', 'read'], delivered: iso(2) });
    // The same events in the order they were recorded (the report came after the read).
    const recorded = [ev(0, 'processed'), ev(1, 'send'), ev(60, 'read'), ev(2, 'delivered')];
    expect(summary(recorded)).toEqual(summary(events));
  });

  it('a failure is current until something shows the message arrived; the last failure is kept', () => {
    expect(summary([ev(1, 'send'), ev(5, 'erro'), ev(9, 'erro')])).toMatchObject({ current: 'erro', failed: iso(9), delivered: null });
    expect(summary([ev(1, 'send'), ev(5, 'erro'), ev(400, 'read')])).toMatchObject({
      current: 'read',
      reached: ['send', 'erro', 'read'],
      failed: iso(5),
      delivered: iso(400),
    });
  });

  it('leaves out what is not a status: a program, a click, a download, a step', () => {
    const events = [
      ev(0, 'processed'),
      ev(1, 'send'),
      ev(2, 'track', 'email', { classificacao: 'proxy-de-imagens' }),
      ev(3, 'read', 'email', { classificacao: 'verificador-de-links' }),
      ev(40, 'click', 'email', { classificacao: 'pessoa' }),
      ev(41, 'download', 'email', { classificacao: 'pessoa' }),
      ev(42, 'processed', 'email', { etapa: 'aceite do provedor' }),
    ];
    expect(summary(events)).toMatchObject({ current: 'send', reached: ['processed', 'send'], read: null });
    expect(summary([...events, ev(50, 'track', 'email', { classificacao: 'pessoa' })])).toMatchObject({ current: 'track', read: iso(50) });
  });

  it('keeps each channel apart; a channel with only steps has no state', () => {
    const states = channelStatuses([
      ev(0, 'processed'),
      ev(1, 'send'),
      ev(0, 'processed', 'sms'),
      ev(3, 'send', 'sms'),
      ev(4, 'delivered', 'sms'),
      ev(20, 'viewed', 'whatsapp'),
      ev(5, 'processed', 'voz', { etapa: 'chamando' }),
    ]);
    expect(states.email?.current?.type).toBe('send');
    expect(states.sms?.current?.type).toBe('delivered');
    expect(states.whatsapp?.read?.at.toISOString()).toBe(iso(20));
    expect(states.voz).toBeUndefined();
  });

  it('the latest of equal ranks is current, and listed last', () => {
    // A WhatsApp read receipt (viewed) and a failure rank alike: the later one wins.
    expect(summary([ev(1, 'send', 'whatsapp'), ev(5, 'viewed', 'whatsapp'), ev(8, 'erro', 'whatsapp')], 'whatsapp')).toMatchObject({
      current: 'erro',
      reached: ['send', 'viewed', 'erro'],
    });
    expect(summary([ev(1, 'send', 'whatsapp'), ev(5, 'erro', 'whatsapp'), ev(8, 'viewed', 'whatsapp')], 'whatsapp')).toMatchObject({
      current: 'viewed',
      reached: ['send', 'erro', 'viewed'],
    });
  });
});
