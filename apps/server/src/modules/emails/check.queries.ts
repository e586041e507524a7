import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/**
 * What the blacklist check reads, in one statement (a send's POST pays one round trip for it):
 * - `blocks`: the operator's blacklist entries that cover any of these addresses: an address itself,
 *   or its domain or a parent domain (addresses and domains in lower case, as the table stores them);
 * - `failures`: for each address whose last message (any user's) that got past the queue ended in
 *   'erro', the reason recorded with that error ('' when none). Reads the index emails_destinatario
 *   (migration 0008) and, for those messages only, their last e-mail 'erro' event.
 * One array parameter each, however many addresses (a batch file checks 5,000 at once).
 */
export async function blocksAndLastFailures(db: Kysely<DB>, addresses: string[], domains: string[]) {
  const { rows } = await sql<{ kind: 'bloqueio' | 'falha'; tipo: 'email' | 'dominio' | null; valor: string; motivo: string }>`
    SELECT 'bloqueio' AS kind, bla_tipo AS tipo, bla_valor AS valor, bla_motivo AS motivo
      FROM blacklist
     WHERE (bla_tipo = 'email' AND bla_valor = any(${addresses}::text[]))
        OR (bla_tipo = 'dominio' AND bla_valor = any(${domains}::text[]))
    UNION ALL
    SELECT 'falha', NULL, f.address, coalesce(r.reason, '')
      FROM (SELECT DISTINCT ON (lower(ema_uni_to)) lower(ema_uni_to) AS address, ema_uni_codigo, ema_status_email
              FROM emails
             WHERE lower(ema_uni_to) = any(${addresses}::text[])
               AND ema_uni_to IS NOT NULL AND ema_status_email IS NOT NULL AND ema_status_email <> 'processed'
             ORDER BY lower(ema_uni_to), ema_uni_codigo DESC) f
      LEFT JOIN LATERAL (SELECT evt_detalhes->>'reasonFailure' AS reason
                           FROM email_eventos
                          WHERE cod_email = f.ema_uni_codigo AND evt_canal = 'email' AND evt_tipo = 'erro'
                          ORDER BY evt_codigo DESC LIMIT 1) r ON true
     WHERE f.ema_status_email = 'erro'`.execute(db);
  return {
    blocks: rows
      .filter((r) => r.kind === 'bloqueio')
      .map((r) => ({ bla_tipo: r.tipo as 'email' | 'dominio', bla_valor: r.valor, bla_motivo: r.motivo })),
    failures: new Map(rows.filter((r) => r.kind === 'falha').map((r) => [r.valor, r.motivo])),
  };
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
