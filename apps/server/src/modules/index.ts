import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { oidcRoutes } from './auth/oidc/oidc.routes.ts';
import { backupRoutes } from './backup/backup.routes.ts';
import { cascadeRoutes } from './cascade/cascade.routes.ts';
import { channelRoutes } from './channels/channels.routes.ts';
import { letterRoutes } from './channels/letter/letter.routes.ts';
import { unassignedRepliesRoutes } from './channels/unassigned-replies.routes.ts';
import { voiceWebhookRoutes } from './channels/voice/voice.routes.ts';
import { whatsappWebhookRoutes } from './channels/whatsapp.routes.ts';
import { zenviaWebhookRoutes } from './channels/zenvia.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { emailRoutes } from './emails/emails.routes.ts';
import { entitiesRoutes } from './entities/entities.routes.ts';
import { evidenceRoutes } from './evidence/evidence.routes.ts';
import { receivedRoutes } from './inbound/received.routes.ts';
import { institutionRoutes } from './institutions/institutions.routes.ts';
import { integrationRoutes } from './integrations/integrations.routes.ts';
import { labelRoutes } from './labels/labels.routes.ts';
import { leadRoutes } from './leads/leads.routes.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { plansModule } from './plans/plans.module.ts';
import { proofRoutes } from './proofs/proofs.routes.ts';
import { publicRoutes } from './public/public.routes.ts';
import { remessaRoutes } from './remessas/remessas.routes.ts';
import { bulkProofRoutes } from './reports/bulk-proofs.routes.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { senderRoutes } from './senders/senders.routes.ts';
import { signingRoutes } from './signing/signing.routes.ts';
import { statusRoutes } from './status/status.routes.ts';
import { templateRoutes } from './templates/templates.routes.ts';
import { transporteDadosRoutes } from './transporte-dados/transporte-dados.routes.ts';
import { accountRoutes } from './users/account.routes.ts';
import { registrationRoutes } from './users/registration.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { whitelistRoutes } from './whitelist/whitelist.routes.ts';

/** Every module's API routes, mounted under /v2. A new module adds one line. */
export const apiModules: Array<(app: FastifyInstance, ctx: AppContext) => void> = [
  statusRoutes,
  authRoutes,
  oidcRoutes,
  templateRoutes,
  leadRoutes,
  usersRoutes,
  registrationRoutes,
  accountRoutes,
  cascadeRoutes,
  entitiesRoutes,
  institutionRoutes,
  senderRoutes,
  whitelistRoutes,
  backupRoutes,
  labelRoutes,
  plansModule,
  emailRoutes,
  receivedRoutes,
  evidenceRoutes,
  signingRoutes,
  publicRoutes,
  proofRoutes,
  remessaRoutes,
  reportRoutes,
  bulkProofRoutes,
  notificationRoutes,
  dashboardRoutes,
  transporteDadosRoutes,
  channelRoutes,
  unassignedRepliesRoutes,
  letterRoutes,
  whatsappWebhookRoutes,
  zenviaWebhookRoutes,
  voiceWebhookRoutes,
  integrationRoutes,
];
