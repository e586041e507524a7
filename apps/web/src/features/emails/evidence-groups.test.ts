import { describe, expect, it } from 'vitest';
import { groupStatuses, groupTimeline } from './evidence-groups.ts';

const entry = (type: 'read' | 'download' | 'send', label: string, minute: number) => ({
  type,
  label,
  color: 'green',
  dateTime: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('evidence groups', () => {
  it('shows each status once with its first and last time and how many', () => {
    const groups = groupStatuses([
      entry('send', 'Enviado', 0),
      entry('read', 'Lido', 1),
      entry('download', 'Anexo baixado', 2),
      entry('read', 'Lido', 3),
      entry('read', 'Lido', 4),
      entry('download', 'Anexo baixado', 5),
      entry('read', 'Lido', 6),
    ]);
    expect(groups.map((g) => [g.first.label, g.count, g.first.dateTime.slice(14, 16), g.last.dateTime.slice(14, 16)])).toEqual([
      ['Enviado', 1, '00', '00'],
      ['Lido', 4, '01', '06'],
      ['Anexo baixado', 2, '02', '05'],
    ]);
  });

  it("keeps the letter's two downloads apart: the letter as printed and its digital AR", () => {
    const groups = groupStatuses([
      entry('send', 'Enviado', 0),
      entry('download', 'Carta baixada', 1),
      entry('download', 'AR digital baixado', 2),
      entry('download', 'Carta baixada', 3),
    ]);
    expect(groups.map((g) => [g.first.label, g.count])).toEqual([
      ['Enviado', 1],
      ['Carta baixada', 2],
      ['AR digital baixado', 1],
    ]);
  });

  it('puts every automated fetch on one line and each repeated event on one, newest first, keeping every item', () => {
    const auto = (minute: number) => ({
      type: 'email',
      date: `2026-11-25T10:0${minute}:00.000Z`,
      status: 'Lido (automático, não conta como leitura)',
    });
    const items = [
      { type: 'email', date: '2026-11-25T10:09:00.000Z', status: 'Lido' },
      auto(8),
      { type: 'email', date: '2026-11-25T10:07:00.000Z', status: 'Link acessado (automático, não conta como leitura)' },
      { type: 'email', date: '2026-11-25T10:06:00.000Z', status: 'Lido' },
      auto(5),
      auto(4),
      { type: 'email', date: '2026-11-25T10:01:00.000Z', status: 'Enviado' },
    ];
    const groups = groupTimeline(items);
    expect(
      groups.map((g) => [g.automated ? 'auto' : g.last.status, g.count, g.last.date.slice(14, 16), g.first.date.slice(14, 16)]),
    ).toEqual([
      ['Lido', 2, '09', '06'],
      ['auto', 4, '08', '04'],
      ['Enviado', 1, '01', '01'],
    ]);
    expect(groups.reduce((n, g) => n + g.all.length, 0)).toBe(items.length);
  });
});
