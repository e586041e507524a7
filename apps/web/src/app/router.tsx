import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../api/client.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { RequireAuth } from '../layout/RequireAuth.tsx';
import { ensureModals } from './modals.tsx';
import { RouteError } from './RouteError.tsx';

/** Each screen is its own chunk: /login loads only what it needs. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * Routes by screen. Screens of features not built yet are not listed: they fall to the
 * not-found page inside the signed-in frame. Feature modules add their routes to `appRoutes`.
 */
export const appRoutes: RouteObject[] = [
  { path: '/change/password', ...page(() => import('../features/auth/ChangePasswordPage.tsx')) },
  { path: '/dashboard', ...page(() => import('../features/dashboard/DashboardPage.tsx')) },
  { path: '/cadastros/modelos', ...page(() => import('../features/templates/TemplatesPage.tsx')) },
  { path: '/cadastros/modelos/add', ...page(() => import('../features/templates/TemplateEditPage.tsx')) },
  { path: '/cadastros/modelos/edit/:codModelo', ...page(() => import('../features/templates/TemplateEditPage.tsx')) },
  { path: '/cadastros/usuarios', ...page(() => import('../features/users/UsersPage.tsx')) },
  { path: '/cadastro/entidades', ...page(() => import('../features/entities/EntitiesPage.tsx')) },
  // Replies without a reference kept unassigned (administrators; docs/unassigned-replies.md).
  { path: '/canais/respostas-nao-identificadas', ...page(() => import('../features/channels/UnassignedRepliesPage.tsx')) },
  { path: '/administracao/backups', ...page(() => import('../features/backups/BackupsPage.tsx')) },
  { path: '/configuracao/conta', ...page(() => import('../features/account/AccountPage.tsx')) },
  { path: '/integracoes', ...page(() => import('../features/integrations/IntegrationsPage.tsx')) },
  { path: '/cadastros/destinatarios', ...page(() => import('../features/leads/LeadsPage.tsx')) },
  { path: '/cadastros/whitelist', ...page(() => import('../features/whitelist/WhitelistPage.tsx')) },
  { path: '/emails/novo', ...page(() => import('../features/emails/compose/ComposePage.tsx')) },
  { path: '/emails/oficio', ...page(() => import('../features/emails/oficio/OficioPage.tsx')) },
  { path: '/emails/recebidos', ...page(() => import('../features/emails/received/ReceivedListPage.tsx')) },
  { path: '/emails/recebidos/info/:codEmail', ...page(() => import('../features/emails/received/ReceivedDetailPage.tsx')) },
  { path: '/emails/sending-proof/:codEmail', ...page(() => import('../features/emails/SendingProofPage.tsx')) },
  { path: '/emails/enviados', ...page(() => import('../features/emails/SentListPage.tsx')) },
  { path: '/emails/enviados/info/:codEmail', ...page(() => import('../features/emails/SentDetailPage.tsx')) },
  { path: '/cadastros/etiquetas', ...page(() => import('../features/labels/LabelsPage.tsx')) },
  { path: '/planos', ...page(() => import('../features/plans/PlanosPage.tsx')) },
  { path: '/realiza', ...page(() => import('../features/plans/RealizaPage.tsx')) },
  { path: '/remessas', ...page(() => import('../features/remessas/RemessasPage.tsx')) },
  { path: '/reports', ...page(() => import('../features/reports/ReportsPage.tsx')) },
  { path: '/reports/proofs', ...page(() => import('../features/reports/ProofsPage.tsx')) },
  { path: '/gerar-remessas', ...page(() => import('../features/gerar-remessas/GerarRemessasPage.tsx')) },
  // The demo mode's simulators (server pages under /dev) opened with this session (docs/simulators.md).
  { path: '/simuladores', ...page(() => import('../features/simuladores/DevAccessPage.tsx')) },
];

/**
 * Every screen but the login, under the providers they share (the query cache, notifications,
 * pt-BR dates) and once the modals are mounted, so a screen may open one at any time. The login
 * screen loads none of it (docs/performance.md, web budget).
 */
const withProviders: RouteObject = {
  lazy: async () => {
    const [{ AppProviders }] = await Promise.all([import('./AppProviders.tsx'), ensureModals()]);
    return { Component: AppProviders };
  },
  children: [
    { path: '/recovery', ...page(() => import('../features/auth/RecoveryPage.tsx')) },
    { path: '/reset/:passwordToken', ...page(() => import('../features/auth/ResetPage.tsx')) },
    { path: '/sign-up/:uuid', ...page(() => import('../features/signup/SignUpPage.tsx')) },
    { path: '/confirm-registration/:inviteToken', ...page(() => import('../features/signup/ConfirmRegistrationPage.tsx')) },
    { path: '/logout', ...page(() => import('../features/auth/LogoutPage.tsx')) },
    { path: '/externo', ...page(() => import('../features/externo/ExternoPage.tsx')) },
    { path: '/privacidade', ...page(() => import('../features/legal/PrivacyPage.tsx')) },
    { path: '/ajuda/bloqueio', ...page(() => import('../features/legal/BlockedAddressHelpPage.tsx')) },
    // The recipient's public pages (spec 002 §2): no login.
    { path: '/emails/info/public/verify/:uuid', ...page(() => import('../features/public/VerifyPage.tsx')) },
    { path: '/emails/info/public/attachments/:name/:uuid', ...page(() => import('../features/public/AttachmentPage.tsx')) },
    { path: '/emails/info/public/carta/:uuid', ...page(() => import('../features/public/LetterPage.tsx')) },
    { path: '/emails/info/public/voz/:uuid', ...page(() => import('../features/public/VoicePage.tsx')) },
    { path: '/emails/info/public/track-link-externo/:lnk', ...page(() => import('../features/public/TrackLinkPage.tsx')) },
    { path: '/emails/info/public/:uuid', ...page(() => import('../features/public/PublicMessagePage.tsx')) },
    { path: '/validador', ...page(() => import('../features/public/StampValidatorPage.tsx')) },
    {
      element: <RequireAuth />,
      children: [
        {
          lazy: async () => ({ Component: (await import('../layout/AppLayout.tsx')).AppLayout }),
          children: [
            {
              // A screen that fails shows the error inside the frame, with the navigation still there.
              errorElement: <RouteError />,
              children: [
                { index: true, element: <Navigate to="/emails/enviados" replace /> },
                ...appRoutes,
                { path: '*', ...page(() => import('../features/not-found/NotFoundPage.tsx')) },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const screens: RouteObject[] = [{ path: '/login', ...page(() => import('../features/auth/LoginPage.tsx')) }, withProviders];

/**
 * While the first screen's chunks load, a loader (the routes are lazy: without a fallback the page
 * stayed blank meanwhile and React Router warned on every first load).
 */
export const routes: RouteObject[] = [{ errorElement: <RouteError />, hydrateFallbackElement: <PageLoader />, children: screens }];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((path) => void router.navigate(path));
  return router;
}
