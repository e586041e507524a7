import { NOTIFICATION_SECTORS, type NotificationSector, type TotalAlertas } from '@ar/core';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/**
 * A user's stored notifications (migration 0018). The signed-in calls and the socket reach them
 * through the scope (`own('notificacoes')`); raising one is a system path (a worker finishing a
 * proof) keyed by the user the notification is for, as the queue workers are (docs/architecture.md).
 */

export interface NewNotification {
  cod_usu: number;
  not_setor: NotificationSector;
  not_tipo: string;
  not_referencia: string | null;
  not_texto: string;
}

/** Stores one notification for its user (system path: the raising module names the user). */
export async function insertNotification(db: Kysely<DB>, row: NewNotification): Promise<void> {
  await db.insertInto('notificacoes').values(row).execute();
}

/**
 * `totalAlertas`: the unread notifications of every sector (a count column per name of
 * NOTIFICATION_SECTORS), and the snapshot they were counted in (`xmax:running`, see isNewerTotals).
 * One aggregate without GROUP BY: one row even with nothing unread; pg_current_snapshot() is the
 * statement's own snapshot, the one the counts are read in.
 */
function unreadCounts(db: Kysely<DB>, owner: Expression<SqlBool>): Promise<TotalAlertas> {
  const perSector = Object.entries(NOTIFICATION_SECTORS).map(([setor, name]) =>
    sql<number>`count(*) FILTER (WHERE not_setor = ${sql.lit(Number(setor))})::int`.as(name),
  );
  return db
    .selectFrom('notificacoes')
    .select([
      ...perSector,
      sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text || ':' || (SELECT count(*) FROM pg_snapshot_xip(pg_current_snapshot()))`.as(
        'versao',
      ),
    ])
    .where(owner)
    .where('not_lida_em', 'is', null)
    .executeTakeFirstOrThrow();
}

/** Unread notifications per sector of the signed-in user. */
export function unreadTotals(db: Kysely<DB>, scope: TenantScope): Promise<TotalAlertas> {
  return unreadCounts(db, scope.own('notificacoes'));
}

/** The same for the user a notification was just raised for (system path, after insertNotification). */
export function unreadTotalsOfRecipient(db: Kysely<DB>, recipient: { cod_usu: number }): Promise<TotalAlertas> {
  return unreadCounts(db, sql<SqlBool>`notificacoes.cod_usu = ${recipient.cod_usu}`);
}

const COLUMNS = ['not_codigo', 'not_setor', 'not_tipo', 'not_referencia', 'not_texto', 'not_data'] as const;

/** The newest unread notifications of the signed-in user, of one sector or of all. */
export function listUnread(db: Kysely<DB>, scope: TenantScope, setor: NotificationSector | undefined, limit: number) {
  return db
    .selectFrom('notificacoes')
    .select(COLUMNS)
    .where(scope.own('notificacoes'))
    .where('not_lida_em', 'is', null)
    .$if(setor !== undefined, (q) => q.where('not_setor', '=', setor as NotificationSector))
    .orderBy('not_codigo', 'desc')
    .limit(limit)
    .execute();
}
export type NotificationRow = Awaited<ReturnType<typeof listUnread>>[number];

/** Clears (marks read) the signed-in user's unread notifications, of one sector or of all; answers how many. */
export async function clearUnread(db: Kysely<DB>, scope: TenantScope, setor: NotificationSector | undefined): Promise<number> {
  const result = await db
    .updateTable('notificacoes')
    .set({ not_lida_em: sql<Date>`now()` })
    .where(scope.own('notificacoes'))
    .where('not_lida_em', 'is', null)
    .$if(setor !== undefined, (q) => q.where('not_setor', '=', setor as NotificationSector))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Clears one of the signed-in user's notifications; false when it is not the user's (or does not exist). Clearing twice is no error. */
export async function clearOwnNotification(db: Kysely<DB>, scope: TenantScope, not_codigo: number): Promise<boolean> {
  const result = await db
    .updateTable('notificacoes')
    .set({ not_lida_em: sql<Date>`coalesce(not_lida_em, now())` })
    .where(scope.own('notificacoes'))
    .where('not_codigo', '=', not_codigo)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
