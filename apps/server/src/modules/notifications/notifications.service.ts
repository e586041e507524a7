import {
  NOTIFICATIONS_LIST_MAX,
  type NotificationSector,
  type NotifyByProofs,
  PROOF_READY_KIND,
  SOCKET_EVENTS,
  type TotalAlertas,
} from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './notifications.queries.ts';

/**
 * Stored notifications and the pushes of the realtime socket (docs/realtime.md). Other modules
 * call `raiseNotification` (a stored notification the user sees until cleared) and `pushToUser`
 * (a live update, not stored).
 */

export interface RaisedNotification {
  /** The user the notification is for (the proof's owner, the message's sender…). */
  userId: number;
  /** 1 proofs (comprovante), 2 e-mail, 3 SMS, 4 WhatsApp. */
  sector: NotificationSector;
  /** What happened, e.g. PROOF_READY_KIND ('comprovante-pronto'); up to 60 characters. */
  kind: string;
  /** What it is about (a proof's id for 'comprovante-pronto'), or null; up to 200 characters. */
  reference: string | null;
  /** The Portuguese text shown to the user; up to 500 characters. */
  text: string;
}

/**
 * Stores the notification, then pushes the user's new `totalAlertas` (and, for
 * 'comprovante-pronto', `notifyByProofs` with the reference) to the user's sockets on every
 * process. Call it after the transaction that made the thing it announces has committed: the row
 * is written on `ctx.db` at once. A failed push never fails the call (the row is stored and the
 * client reads it on its next connection); a failed insert does.
 */
export async function raiseNotification(ctx: AppContext, input: RaisedNotification): Promise<void> {
  const row: q.NewNotification = {
    cod_usu: input.userId,
    not_setor: input.sector,
    not_tipo: input.kind.slice(0, 60),
    not_referencia: input.reference === null ? null : input.reference.slice(0, 200),
    not_texto: input.text.slice(0, 500),
  };
  await q.insertNotification(ctx.db, row);
  let totalAlertas: TotalAlertas;
  try {
    totalAlertas = await q.unreadTotalsOfRecipient(ctx.db, row);
  } catch (error) {
    ctx.log.warn({ err: error }, 'notificação gravada; totais não enviados');
    return;
  }
  pushToUser(ctx, input.userId, SOCKET_EVENTS.totalAlertas, totalAlertas);
  if (row.not_tipo === PROOF_READY_KIND) {
    const payload: NotifyByProofs = { reference: row.not_referencia, text: row.not_texto, totalAlertas };
    pushToUser(ctx, input.userId, SOCKET_EVENTS.notifyByProofs, payload);
  }
}

/** A live update to every socket of the user, on every process (not stored; nobody connected: nothing happens). Never throws. */
export function pushToUser(ctx: AppContext, userId: number, event: string, payload: unknown): void {
  ctx.realtime.toUser(userId, event, payload);
}

/** The signed-in user's unread notifications per sector. */
export async function totalsOf(ctx: AppContext, scope: TenantScope): Promise<TotalAlertas> {
  return q.unreadTotals(ctx.db, scope);
}

/** A user's unread notifications per sector, for a system path (a status change seen by the socket fan-out). */
export async function totalsOfUser(ctx: AppContext, userId: number): Promise<TotalAlertas> {
  return q.unreadTotalsOfRecipient(ctx.db, { cod_usu: userId });
}

/** The newest unread notifications (at most NOTIFICATIONS_LIST_MAX) of one sector or all, and the totals. */
export async function listNotifications(ctx: AppContext, scope: TenantScope, setor: NotificationSector | undefined) {
  const [rows, totalAlertas] = await Promise.all([q.listUnread(ctx.db, scope, setor, NOTIFICATIONS_LIST_MAX), totalsOf(ctx, scope)]);
  return { rows, totalAlertas };
}

/** Clears the user's unread notifications (of one sector or all); the user's other tabs get the new totals. */
export async function clearNotifications(
  ctx: AppContext,
  scope: TenantScope,
  setor: NotificationSector | undefined,
): Promise<TotalAlertas> {
  await q.clearUnread(ctx.db, scope, setor);
  return pushTotals(ctx, scope);
}

/** Clears one notification of the user; another user's id (or one that does not exist) is a 404. */
export async function clearNotification(ctx: AppContext, scope: TenantScope, id: number): Promise<TotalAlertas> {
  if (!(await q.clearOwnNotification(ctx.db, scope, id))) throw notFound();
  return pushTotals(ctx, scope);
}

async function pushTotals(ctx: AppContext, scope: TenantScope): Promise<TotalAlertas> {
  const totals = await totalsOf(ctx, scope);
  pushToUser(ctx, scope.owner, SOCKET_EVENTS.totalAlertas, totals);
  return totals;
}
