import { PLAN_TITLES, type SessionUser } from '@ar/core';

export interface NavLinkItem {
  label: string;
  to: string;
  external?: boolean;
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
        { label: 'Gerar Comprovantes', to: '/reports/proofs' },
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
    ],
  });
  return entries;
}

export function planTitle(user: SessionUser): string {
  return PLAN_TITLES[user.usu_tipo_plano] ?? '';
}
