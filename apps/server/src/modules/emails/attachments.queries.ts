import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** The signed-in user's attachment limit (MB; null: the default). */
export async function findAttachmentLimit(db: Kysely<DB>, scope: TenantScope): Promise<number | null> {
  const user = await db
    .selectFrom('usuarios')
    .select('usu_limite_anexo')
    .where(scope.own('usuarios', 'usu_codigo'))
    .executeTakeFirstOrThrow();
  return user.usu_limite_anexo;
}

/** One uploaded file of the user, stored under `ane_chave`, that a send refers to by its uuid. */
export async function insertAttachment(
  db: Kysely<DB>,
  scope: TenantScope,
  values: { ane_uuid: string; ane_nome_original: string; ane_mime: string; ane_tamanho: number; ane_sha256: string; ane_chave: string },
): Promise<void> {
  await db
    .insertInto('anexos')
    .values({ ...values, cod_usu: scope.owner })
    .execute();
}
