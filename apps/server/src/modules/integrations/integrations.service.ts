import { type ApiKeyBody, INTEGRATION_MSG, paginationOf, WEBHOOK_EVENTS, type WebhookBody } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound, queueUnavailable } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as keys from './api-keys.queries.ts';
import { newApiKeyToken } from './api-keys.ts';
import { presentApiKey, presentDeliveries, presentWebhook } from './integrations.presenter.ts';
import { assertPublicUrl } from './url-guard.ts';
import { newWebhookSecret, queueAttempt } from './webhook-delivery.ts';
import * as hooks from './webhooks.queries.ts';

/** API keys and webhook endpoints of the signed-in user (docs/integrations.md). */

export async function createApiKey(ctx: AppContext, scope: TenantScope, body: ApiKeyBody) {
  const { token, hash, prefixo } = newApiKeyToken();
  const row = await keys.insertApiKey(ctx.db, scope, { nome: body.nome, prefixo, hash, expiraEm: body.expiraEm ?? null });
  const { ultimoUsoEm: _, ...key } = presentApiKey(row);
  return { ...key, token, message: INTEGRATION_MSG.keyCreated };
}

export async function listApiKeys(ctx: AppContext, scope: TenantScope) {
  return { chaves: (await keys.listApiKeys(ctx.db, scope)).map(presentApiKey) };
}

export async function revokeApiKey(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await keys.revokeApiKey(ctx.db, scope, id))) throw notFound();
  return { message: INTEGRATION_MSG.keyRevokedOk };
}

export async function createWebhook(ctx: AppContext, scope: TenantScope, body: WebhookBody) {
  await assertPublicUrl(body.url, ctx.config.webhookAllowPrivate);
  const segredo = newWebhookSecret();
  const row = await hooks.insertWebhook(ctx.db, scope, { url: body.url, eventos: body.eventos ?? [...WEBHOOK_EVENTS], segredo });
  return { ...presentWebhook(row), segredo, message: INTEGRATION_MSG.webhookCreated };
}

export async function listWebhooks(ctx: AppContext, scope: TenantScope) {
  return { webhooks: (await hooks.listWebhooks(ctx.db, scope)).map(presentWebhook) };
}

export async function removeWebhook(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await hooks.deleteWebhook(ctx.db, scope, id))) throw notFound();
  return { message: INTEGRATION_MSG.webhookRemoved };
}

export async function listDeliveries(ctx: AppContext, scope: TenantScope, id: number, page: { limit: number; offset: number }) {
  if (!(await hooks.findOwnWebhook(ctx.db, scope, id))) throw notFound();
  const { rows, attempts, rowCount } = await hooks.listDeliveries(ctx.db, id, page);
  return { entregas: presentDeliveries(rows, attempts), pagination: paginationOf(page.offset, page.limit, rowCount) };
}

/** Sends a delivery again, from the first attempt of the schedule, with its same webhook-id. */
export async function resendDelivery(ctx: AppContext, scope: TenantScope, id: number, deliveryId: number) {
  if (!ctx.boss) throw queueUnavailable();
  if (!(await hooks.resetDelivery(ctx.db, scope, id, deliveryId))) throw notFound();
  await queueAttempt(ctx.boss, String(deliveryId));
  return { message: INTEGRATION_MSG.webhookResent };
}
