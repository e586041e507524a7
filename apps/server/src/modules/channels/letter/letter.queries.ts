import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';

/**
 * AR-Carta's statements (docs/letters.md). System paths, not tenant queries: the send worker reaches
 * a letter by its message's code from a job, a verified callback by the provider's id.
 */

/** The message as its letter needs it: what is printed, where it goes, what it reached. */
export function findLetterMessage(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('emails')
    .select([
      'ema_uni_codigo',
      'ema_uni_id',
      'ema_uni_name_from',
      'ema_uni_subject',
      'ema_uni_content',
      'ema_uni_carta',
      'ema_uni_data_criacao',
      'ema_alcance_carta',
    ])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirst();
}

/** The message's letter, once made. */
export function findLetter(db: Kysely<DB>, cod_email: number) {
  return db.selectFrom('cartas').selectAll().where('cod_email', '=', cod_email).executeTakeFirst();
}

/** Stores the letter's PDF reference; false when the message has one already (a retried job). */
export async function insertLetter(
  db: Kysely<DB>,
  row: { cod_email: number; pdf_chave: string; pdf_sha256: string; paginas: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('cartas')
    .values(row)
    .onConflict((oc) => oc.column('cod_email').doNothing())
    .returning('cod_email')
    .executeTakeFirst();
  return !!inserted;
}

/** Records the provider's id for the letter; false when it had one already. */
export async function setLetterProviderId(db: Kysely<DB>, cod_email: number, provedor: string, id_provedor: string): Promise<boolean> {
  const updated = await db
    .updateTable('cartas')
    .set({ provedor, id_provedor })
    .where('cod_email', '=', cod_email)
    .where('id_provedor', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The letter a provider's id names. */
export function findLetterByProviderId(db: Kysely<DB>, provedor: string, id_provedor: string) {
  return db
    .selectFrom('cartas')
    .select(['cod_email', 'rastreio', 'ar_sha256'])
    .where('provedor', '=', provedor)
    .where('id_provedor', '=', id_provedor)
    .executeTakeFirst();
}

/**
 * Letters the provider has and that have not ended (neither delivered nor come back), made after
 * `madeAfter`, with no tracking step (nor acceptance) recorded since `quietSince` and not asked
 * since then either: the ones whose callbacks may have stopped. Those asked least recently first
 * (never asked before all), at most `limit`.
 */
export function findQuietLetters(
  db: Kysely<DB>,
  opts: { provedor: string; quietSince: Date; madeAfter: Date; endedBits: number; limit: number },
) {
  return db
    .selectFrom('cartas as c')
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'c.cod_email')
    .select(['c.cod_email', 'c.id_provedor'])
    .where('c.provedor', '=', opts.provedor)
    .where('c.id_provedor', 'is not', null)
    .where('c.criado', '>', opts.madeAfter)
    .where((eb) => eb.or([eb('c.consultado', 'is', null), eb('c.consultado', '<', opts.quietSince)]))
    .where(sql<boolean>`(e.ema_alcance_carta & ${opts.endedBits}) = 0`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_eventos as v')
            .select(sql`1`.as('one'))
            .whereRef('v.cod_email', '=', 'c.cod_email')
            .where('v.evt_canal', '=', 'carta')
            .where('v.evt_data', '>=', opts.quietSince),
        ),
      ),
    )
    .orderBy(sql`c.consultado asc nulls first`)
    .orderBy('c.cod_email')
    .limit(opts.limit)
    .execute();
}

/** The sweep asked the provider for this letter now. */
export async function setLetterAsked(db: Kysely<DB>, cod_email: number, at: Date): Promise<void> {
  await db.updateTable('cartas').set({ consultado: at }).where('cod_email', '=', cod_email).execute();
}

/** The S10 code, once the provider reports it (the first wins: a letter keeps its code). */
export async function setLetterTrackingCode(db: Kysely<DB>, cod_email: number, rastreio: string): Promise<void> {
  await db.updateTable('cartas').set({ rastreio }).where('cod_email', '=', cod_email).where('rastreio', 'is', null).execute();
}

/** The digital AR stored. */
export async function setLetterReceipt(db: Kysely<DB>, cod_email: number, ar: { ar_chave: string; ar_sha256: string; ar_tipo: string }) {
  await db.updateTable('cartas').set(ar).where('cod_email', '=', cod_email).execute();
}

/** Marks a letter provider's event applied, in the transaction of its chain append; false when it was already. */
export async function markLetterEvent(trx: Kysely<DB>, chave: string, cod_email: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('provedor_eventos')
    .values({ provedor: 'carta', chave: chave.slice(0, 300), cod_email })
    .onConflict((oc) => oc.columns(['provedor', 'chave']).doNothing())
    .returning('chave')
    .executeTakeFirst();
  return !!inserted;
}

/** A message's letter by the message's public uuid, with what the public page checks (the security question). */
export function findPublicLetter(db: Kysely<DB>, uuid: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return Promise.resolve(undefined);
  return db
    .selectFrom('emails as e')
    .leftJoin('cartas as c', 'c.cod_email', 'e.ema_uni_codigo')
    .select([
      'e.ema_uni_id',
      'e.ema_uni_carta',
      'e.ema_status_carta',
      'e.ema_verif_pergunta',
      'e.ema_verif_resposta',
      'c.pdf_chave',
      'c.pdf_sha256',
      'c.paginas',
      'c.rastreio',
      'c.ar_chave',
      'c.ar_sha256',
      'c.ar_tipo',
    ])
    .where('e.ema_uni_id', '=', uuid.toLowerCase())
    .executeTakeFirst();
}
