import type { SessionUser } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { NO_ALERTS } from '../features/notifications/realtime-store.ts';
import { badgeCount, type NavEntry, navigationFor } from './navigation.ts';

const user = { usu_nivel: 1, usu_tipo_plano: '1', aceita_remessa: false, usu_pessoa_tipo: 1 } as unknown as SessionUser;

describe('the navigation badges (docs/realtime.md)', () => {
  const entries = navigationFor(user, 'https://loja.test');
  const reports = entries.find((e) => e.label === 'Relatórios') as NavEntry & { items: NavEntry[] };

  it('counts the pending proofs on Gerar Comprovantes and on its menu, and nothing elsewhere', () => {
    const totals = { ...NO_ALERTS, comprovante: 3, email: 5 };
    const proofs = reports.items.find((i) => i.label === 'Gerar Comprovantes') as NavEntry;
    expect(badgeCount(proofs, totals)).toBe(3);
    expect(badgeCount(reports, totals)).toBe(3);
    const others = entries.filter((e) => e !== reports).map((e) => badgeCount(e, totals));
    expect(others.every((n) => n === 0)).toBe(true);
  });

  it('shows no count when nothing is pending', () => {
    expect(badgeCount(reports, NO_ALERTS)).toBe(0);
  });
});

describe('the unassigned replies (docs/unassigned-replies.md)', () => {
  const links = (usu_nivel: number) =>
    navigationFor({ ...user, usu_nivel } as unknown as SessionUser, 'https://loja.test')
      .flatMap((e) => ('items' in e ? e.items : [e]))
      .map((i) => i.to);

  it('are offered to administrators only', () => {
    expect(links(3)).toContain('/canais/respostas-nao-identificadas');
    expect(links(2)).not.toContain('/canais/respostas-nao-identificadas');
    expect(links(1)).not.toContain('/canais/respostas-nao-identificadas');
  });
});

describe('the backups screen (docs/backups.md)', () => {
  const links = (usu_nivel: number) =>
    navigationFor({ ...user, usu_nivel } as unknown as SessionUser, 'https://loja.test')
      .flatMap((e) => ('items' in e ? e.items : [e]))
      .map((i) => i.to);

  it("is in the administrators' menu only", () => {
    expect(links(3)).toContain('/administracao/backups');
    expect(links(2)).not.toContain('/administracao/backups');
    expect(links(1)).not.toContain('/administracao/backups');
  });
});
