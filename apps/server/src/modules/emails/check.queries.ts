import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/**
 * The operator's blacklist entries that cover any of these addresses: an address itself, or its
 * domain or a parent domain. Addresses and domains come in lower case (the table stores lower case).
 */
export function findBlocks(db: Kysely<DB>, addresses: string[], domains: string[]) {
  return db
    .selectFrom('blacklist')
    .select(['bla_tipo', 'bla_valor', 'bla_motivo'])
    .where((eb) =>
      eb.or([
        // One array parameter each, however many addresses (a batch file checks 5,000 at once).
        eb.and([eb('bla_tipo', '=', 'email'), eb('bla_valor', '=', sql<string>`any(${addresses}::text[])`)]),
        eb.and([eb('bla_tipo', '=', 'dominio'), eb('bla_valor', '=', sql<string>`any(${domains}::text[])`)]),
      ]),
    )
    .execute();
}

/**
 * For each address (lower case), the last message to it (any user) that got past the queue, when
 * that message ended in 'erro': the reason recorded. Reads the index emails_destinatario (migration 0008).
 */
export async function lastFailuresTo(db: Kysely<DB>, addresses: string[]): Promise<Map<string, string>> {
  const last = await db
    .selectFrom('emails')
    .distinctOn(sql`lower(ema_uni_to)`)
    .select([sql<string>`lower(ema_uni_to)`.as('address'), 'ema_uni_codigo', 'ema_status_email'])
    .where(sql<boolean>`lower(ema_uni_to) = any(${addresses}::text[])`)
    .where('ema_uni_to', 'is not', null)
    .where('ema_status_email', 'is not', null)
    .where('ema_status_email', '<>', 'processed')
    .orderBy(sql`lower(ema_uni_to)`)
    .orderBy('ema_uni_codigo', 'desc')
    .execute();
  const failed = last.filter((r) => r.ema_status_email === 'erro');
  if (failed.length === 0) return new Map();
  const reasons = await db
    .selectFrom('email_eventos')
    .distinctOn('cod_email')
    .select(['cod_email', sql<string | null>`evt_detalhes->>'reasonFailure'`.as('reason')])
    .where(
      'cod_email',
      'in',
      failed.map((r) => r.ema_uni_codigo),
    )
    .where('evt_canal', '=', 'email')
    .where('evt_tipo', '=', 'erro')
    .orderBy('cod_email')
    .orderBy('evt_codigo', 'desc')
    .execute();
  const byMessage = new Map(reasons.map((r) => [r.cod_email, r.reason ?? '']));
  return new Map(failed.map((r) => [r.address, byMessage.get(r.ema_uni_codigo) ?? '']));
}

/**
 * Whether the address is on the signed-in user's whitelist or on that of any user of the user's
 * entity (the entity's whitelist lifts a hard bounce for all its users).
 */
export async function isWhitelisted(db: Kysely<DB>, scope: TenantScope, address: string) {
  const entity = scope.actor.cod_ger_entidade;
  const row = await db
    .selectFrom('whitelist')
    .select(sql<number>`1`.as('x'))
    .where(sql`lower(whi_email)`, '=', address)
    .where((eb) =>
      entity === null
        ? scope.own('whitelist')
        : eb.or([
            scope.own('whitelist'),
            eb('cod_usu', 'in', eb.selectFrom('usuarios').select('usu_codigo').where('cod_ger_entidade', '=', entity)),
          ]),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
