import { type NotificationSectorName, PLAN_TITLES, type SessionUser, type TotalAlertas } from '@ar/core';

export interface NavLinkItem {
  label: string;
  to: string;
  external?: boolean;
  /** A count badge: the realtime socket's unread total of this sector (docs/realtime.md), shown when above 0. */
  badge?: NotificationSectorName;
}
export interface NavMenu {
  label: string;
  items: NavLinkItem[];
}
export type NavEntry = NavLinkItem | NavMenu;

/** The top navigation of spec 000 §2, shown by level and by the user's flags. */
export function navigationFor(user: SessionUser, storeUrl: string): NavEntry[] {
  const manager = user.usu_nivel !== 1;
  const entries: NavEntry[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Enviados', to: '/emails/enviados' },
    { label: 'Recebidos', to: '/emails/recebidos' },
    {
      label: 'Relatórios',
      items: [
        { label: 'Gerar Relatórios', to: '/reports' },
        // Spec 000 §2: its badge counts the pending proofs (ready, not yet seen).
        { label: 'Gerar Comprovantes', to: '/reports/proofs', badge: 'comprovante' },
      ],
    },
  ];
  if (user.aceita_remessa) {
    entries.push({
      label: 'Remessas',
      items: [
        { label: 'Processamento de Arquivos', to: '/remessas' },
        { label: 'Gerar arquivo de remessas', to: '/gerar-remessas' },
      ],
    });
  }
  // Novo Ofício is offered to everyone, first to users of the Poder Judiciário type (docs/oficios.md).
  const compose = [
    { label: 'Novo AR-Email', to: '/emails/novo' },
    { label: 'Novo Ofício', to: '/emails/oficio' },
  ];
  entries.push({ label: 'Novo AR', items: user.usu_pessoa_tipo === 3 ? compose.reverse() : compose });
  if (user.usu_tipo_plano === '1') entries.push({ label: 'Comprar Créditos', to: storeUrl, external: true });
  entries.push({
    label: 'Cadastros',
    items: [
      { label: 'Destinatários', to: '/cadastros/destinatarios' },
      { label: 'Etiquetas', to: '/cadastros/etiquetas' },
      { label: 'Modelos', to: '/cadastros/modelos' },
      { label: 'Whitelist', to: '/cadastros/whitelist' },
      ...(manager
        ? [
            { label: 'Usuários', to: '/cadastros/usuarios' },
            { label: 'Entidades', to: '/cadastro/entidades' },
            { label: 'Planos', to: '/realiza' },
          ]
        : []),
      // Replies by SMS or WhatsApp that could not be tied to one message (docs/unassigned-replies.md).
      ...(user.usu_nivel === 3 ? [{ label: 'Respostas não identificadas', to: '/canais/respostas-nao-identificadas' }] : []),
    ],
  });
  // The installation's backups and the nightly evidence audit (docs/backups.md): administrators.
  if (user.usu_nivel === 3)
    entries.push({ label: 'Administração', items: [{ label: 'Backups e auditoria', to: '/administracao/backups' }] });
  return entries;
}

/** The badge count of an entry: its own sector's total, or for a menu the sum of its items'. */
export function badgeCount(entry: NavEntry, totals: TotalAlertas): number {
  if ('items' in entry) return entry.items.reduce((sum, item) => sum + badgeCount(item, totals), 0);
  return entry.badge ? totals[entry.badge] : 0;
}

export function planTitle(user: SessionUser): string {
  return PLAN_TITLES[user.usu_tipo_plano] ?? '';
}
