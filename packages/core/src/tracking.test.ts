import { describe, expect, it } from 'vitest';
import type { ClickTracking } from './contracts/public.ts';
import { BRAZIL_BOUNDS, basemap, boundsOf } from './geo/basemap.ts';
import { trackingActionText, trackingPlaces } from './tracking.ts';

const event = (over: Partial<ClickTracking>): ClickTracking => ({
  date: '2026-12-07T10:00:00.000Z',
  canal: 'email',
  ip: '200.147.67.142',
  city: 'Rio de Janeiro',
  state: 'Rio de Janeiro',
  country: 'BR',
  position: { lat: -22.9068, lng: -43.1729 },
  url: null,
  acao: 'leitura',
  automatico: false,
  ...over,
});

describe('the tracking map’s places', () => {
  it('puts the events of one position on one marker, oldest first, and marks the latest read’s place', () => {
    const places = trackingPlaces([
      event({ date: '2026-12-07T12:00:00.000Z', acao: 'clique', url: 'https://x.test' }),
      event({ date: '2026-12-07T10:00:00.000Z' }),
      event({ date: '2026-12-07T11:00:00.000Z', city: 'São Paulo', state: 'São Paulo', position: { lat: -23.55, lng: -46.63 } }),
      event({ date: '2026-12-07T13:00:00.000Z', position: null, city: null, state: null, country: null }),
    ]);
    expect(places.map((p) => [p.place, p.events.map((e) => e.acao), p.hasLatestRead])).toEqual([
      ['Rio de Janeiro, Rio de Janeiro, BR', ['leitura', 'clique'], false],
      ['São Paulo, São Paulo, BR', ['leitura'], true],
    ]);
  });

  it('never marks a program’s read as the latest read, and says on each action that it was one', () => {
    const places = trackingPlaces([
      event({ date: '2026-12-07T10:00:00.000Z' }),
      event({ date: '2026-12-07T11:00:00.000Z', city: 'São Paulo', position: { lat: -23.55, lng: -46.63 }, automatico: true }),
    ]);
    expect(places.map((p) => p.hasLatestRead)).toEqual([true, false]);
    expect(trackingActionText(event({ acao: 'clique', url: 'https://x.test', automatico: true }))).toBe(
      'Clique em link: https://x.test (automático, não conta como leitura)',
    );
    expect(trackingActionText(event({ acao: 'resposta' }))).toBe('Resposta');
  });

  it('frames every point with a margin, Brazil when there is none', () => {
    expect(boundsOf([])).toEqual(BRAZIL_BOUNDS);
    const [w, s, e, n] = boundsOf([{ lat: -22.9, lng: -43.2 }]);
    expect(w).toBeLessThan(-43.2);
    expect(e).toBeGreaterThan(-43.2);
    expect(e - w).toBeCloseTo(10, 5);
    expect(n - s).toBeCloseTo(10, 5);
  });

  it('ships the countries and Brazil’s 27 states', () => {
    expect(basemap.estados.features.map((f) => f.id).sort()).toHaveLength(27);
    expect(basemap.paises.features.some((f) => f.id === 'BRA')).toBe(true);
  });
});
