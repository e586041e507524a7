import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../modules/tenancy/tenant-scope.ts';

/*
 * The captured mailbox of the demo mode (caixa_saida): every message the product "sent" on this
 * computer. A signed-in user sees its tenant's mail — sent for a user it may read (cai_cod_usu:
 * the sender of an AR-Email, the user an account e-mail is addressed to) — and any mail addressed
 * to itself (docs/simulators.md).
 */

/** The mailbox's tenant rule over caixa_saida aliased `c` (see above). */
function visibleTo(scope: TenantScope): Expression<SqlBool> {
  const login = scope.actor.usu_login.toLowerCase();
  return sql<SqlBool>`(
    EXISTS (SELECT 1 FROM usuarios su WHERE su.usu_codigo = c.cai_cod_usu AND ${scope.users('su')})
    OR lower(c.cai_to) = ${login}
    OR lower(c.cai_to) LIKE ${`%<${login.replace(/[\\%_]/g, (ch) => `\\${ch}`)}>`})`;
}

/** The newest messages the actor may see, newest first. */
export function listCapturedMail(db: Kysely<DB>, scope: TenantScope, limit: number) {
  return db
    .selectFrom('caixa_saida as c')
    .select(['c.cai_codigo', 'c.cai_to', 'c.cai_subject', 'c.cai_data'])
    .where(visibleTo(scope))
    .orderBy('c.cai_codigo', 'desc')
    .limit(limit)
    .execute();
}

export type CapturedMailItem = Awaited<ReturnType<typeof listCapturedMail>>[number];

export function findCapturedMail(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db
    .selectFrom('caixa_saida as c')
    .select(['c.cai_codigo', 'c.cai_from', 'c.cai_to', 'c.cai_subject', 'c.cai_data', 'c.cai_html', 'c.cai_text'])
    .where('c.cai_codigo', '=', id)
    .where(visibleTo(scope))
    .executeTakeFirst();
}

export type CapturedMail = NonNullable<Awaited<ReturnType<typeof findCapturedMail>>>;

/** The message as it would have gone out (.eml). */
export function findCapturedRaw(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db
    .selectFrom('caixa_saida as c')
    .select(['c.cai_codigo', 'c.cai_raw'])
    .where('c.cai_codigo', '=', id)
    .where(visibleTo(scope))
    .executeTakeFirst();
}
