import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ACTOR_COLUMNS } from '../auth/auth.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** API keys (docs/integrations.md): a user's own rows; the token itself is never stored, only its SHA-256. */

export function insertApiKey(
  db: Kysely<DB>,
  scope: TenantScope,
  key: { nome: string; prefixo: string; hash: string; expiraEm: string | null },
) {
  return db
    .insertInto('api_chaves')
    .values({ cod_usu: scope.owner, chv_nome: key.nome, chv_prefixo: key.prefixo, chv_hash: key.hash, chv_expira: key.expiraEm })
    .returning(['chv_codigo', 'chv_nome', 'chv_prefixo', 'chv_criada', 'chv_expira', 'chv_ultimo_uso'])
    .executeTakeFirstOrThrow();
}

/** The actor's keys not revoked, newest first. */
export function listApiKeys(db: Kysely<DB>, scope: TenantScope) {
  return db
    .selectFrom('api_chaves')
    .select(['chv_codigo', 'chv_nome', 'chv_prefixo', 'chv_criada', 'chv_expira', 'chv_ultimo_uso'])
    .where(scope.own('api_chaves'))
    .where('chv_revogada', 'is', null)
    .orderBy('chv_codigo', 'desc')
    .execute();
}

/** Revokes one of the actor's keys; false when it has none of that id (or it was revoked already). */
export async function revokeApiKey(db: Kysely<DB>, scope: TenantScope, id: number): Promise<boolean> {
  const row = await db
    .updateTable('api_chaves')
    .set({ chv_revogada: sql<Date>`now()` })
    .where(scope.own('api_chaves'))
    .where('chv_codigo', '=', id)
    .where('chv_revogada', 'is', null)
    .returning('chv_codigo')
    .executeTakeFirst();
  return !!row;
}

/**
 * A key by its token's hash, with its user as an actor (the same columns as a session's) and
 * whether it is revoked or expired, by the database's clock.
 */
export function findKeyActor(db: Kysely<DB>, hash: string) {
  return db
    .selectFrom('api_chaves as k')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'k.cod_usu')
    .select([
      'k.chv_codigo',
      sql<boolean>`k.chv_revogada IS NOT NULL`.as('revogada'),
      sql<boolean>`k.chv_expira IS NOT NULL AND k.chv_expira <= now()`.as('expirada'),
      sql<boolean>`k.chv_ultimo_uso IS NULL OR k.chv_ultimo_uso < now() - interval '1 minute'`.as('usoAntigo'),
      'u.usu_status',
      ...ACTOR_COLUMNS,
      'u.usu_secure',
    ])
    .where('k.chv_hash', '=', hash)
    .executeTakeFirst();
}

/** The key's last use, kept to the minute (one write a minute at most, not one a request). */
export async function touchApiKey(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('api_chaves').set({ chv_ultimo_uso: sql<Date>`now()` }).where('chv_codigo', '=', id).execute();
}
