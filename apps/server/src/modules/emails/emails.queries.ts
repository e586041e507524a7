import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { unnestRows } from '../../db/insert-many.ts';
import type { DB } from '../../db/schema.ts';
import { MESSAGE_HASH_COLUMNS } from '../evidence/chain-fields.ts';
import { birthDate, COLUMNS as LEAD_COLUMNS } from '../leads/leads.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** The signed-in sender's settings that the compose rules read. */
export function findComposer(db: Kysely<DB>, scope: TenantScope) {
  return db
    .selectFrom('usuarios')
    .select([
      'usu_codigo',
      'usu_login',
      'usu_nome',
      'usu_tipo_plano',
      'cod_ger_entidade',
      'usu_accounts_aremail',
      'usu_anexo_obrigatorio',
      'usu_limite_anexo',
      'usu_validacao_notificacao',
      'set_envia_email_obrigatorio',
      'usu_aceita_ar_whatsapp',
      'usu_aceita_ar_voz',
      'usu_settings',
    ])
    .where(scope.own('usuarios', 'usu_codigo'))
    .executeTakeFirstOrThrow();
}

export function findOwnAttachments(db: Kysely<DB>, scope: TenantScope, uuids: string[]) {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('anexos')
    .select(['ane_uuid', 'ane_nome_original', 'ane_mime', 'ane_tamanho', 'ane_sha256', 'ane_chave'])
    .where(scope.own('anexos'))
    .where('ane_uuid', 'in', uuids)
    .execute();
}

export function findOwnTags(db: Kysely<DB>, scope: TenantScope, codes: number[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('etiquetas')
    .select(['eti_codigo', 'eti_nome', 'eti_cor'])
    .where(scope.own('etiquetas'))
    .where('eti_codigo', 'in', codes)
    .execute();
}

export function findOwnTemplate(db: Kysely<DB>, scope: TenantScope, mod: number) {
  return db
    .selectFrom('modelos')
    .select(['mod_codigo', 'mod_enable'])
    .where(scope.own('modelos'))
    .where('mod_codigo', '=', mod)
    .executeTakeFirst();
}

export function findOwnLeads(db: Kysely<DB>, scope: TenantScope, codes: number[]) {
  if (codes.length === 0) return Promise.resolve([]);
  // The birth date as text (YYYY-MM-DD), as *|DATA_NASCIMENTO|* reads it: the driver would answer a Date.
  return db.selectFrom('leads').select(LEAD_COLUMNS).select(birthDate).where(scope.own('leads')).where('lea_codigo', 'in', codes).execute();
}

/** One message with what its worker needs. */
export function findMessageForDelivery(db: Kysely<DB>, cod_email: number) {
  return deliverySelect(db).where('ema_uni_codigo', '=', cod_email).executeTakeFirst();
}

/**
 * A worker batch's messages, each with whether its e-mail 'send' is recorded, its acceptance in the
 * journal (email_aceites: accepted before a crash, its event not recorded yet) and its tracked
 * links: four reads per message become two per batch.
 */
export async function findMessagesForDelivery(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return new Map<number, PreparedDelivery>();
  const [messages, links] = await Promise.all([
    deliverySelect(db)
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('email_eventos as s')
              .select('s.evt_codigo')
              .whereRef('s.cod_email', '=', 'emails.ema_uni_codigo')
              .where('s.evt_canal', '=', 'email')
              .where('s.evt_tipo', '=', 'send'),
          )
          .as('isSent'),
      )
      .select((eb) =>
        eb.selectFrom('email_aceites as a').select('a.ace_detalhes').whereRef('a.cod_email', '=', 'emails.ema_uni_codigo').as('journaled'),
      )
      .where('ema_uni_codigo', 'in', ids)
      .execute(),
    db.selectFrom('email_links').select(['cod_email', 'lnk_uuid', 'lnk_url']).where('cod_email', 'in', ids).execute(),
  ]);
  const byMessage = new Map<number, PreparedDelivery>();
  for (const { isSent, journaled, ...msg } of messages)
    byMessage.set(Number(msg.ema_uni_codigo), { msg, isSent: !!isSent, journaled: journaled ?? null, links: [] });
  for (const l of links) byMessage.get(Number(l.cod_email))?.links.push({ lnk_uuid: l.lnk_uuid, lnk_url: l.lnk_url });
  return byMessage;
}

export interface PreparedDelivery {
  msg: NonNullable<Awaited<ReturnType<typeof findMessageForDelivery>>>;
  isSent: boolean;
  /** The relay's acceptance as the journal holds it (the 'send' event's details), or null. */
  journaled: unknown;
  links: { lnk_uuid: string; lnk_url: string }[];
}

function deliverySelect(db: Kysely<DB>) {
  return db
    .selectFrom('emails')
    .select([
      'ema_uni_codigo',
      'ema_uni_id',
      'ema_uni_envio',
      'ema_uni_to',
      'ema_uni_name_to',
      'ema_uni_name_from',
      'ema_uni_from',
      'ema_uni_subject',
      'ema_uni_content',
      'ema_uni_data_criacao',
      'ema_uni_attachments',
      'ema_uni_creditos',
      'ema_verif_pergunta',
      'ema_status_email',
      'cod_usu',
      'ema_uni_cod_email_reply',
      'ema_uni_cod_email_reply_base',
    ]);
}

/**
 * The thread a reply belongs to: the received message it answers (its Message-ID and References)
 * and the AR-Email that one answered, so the recipient's mail program shows one conversation.
 */
export async function threadOf(db: Kysely<DB>, codEmailReply: number | null, codEmailReplyBase: number | null, domain: string) {
  const received = codEmailReply
    ? await db
        .selectFrom('emails_recebidos')
        .select(['rec_message_id', 'rec_references'])
        .where('rec_codigo', '=', codEmailReply)
        .executeTakeFirst()
    : undefined;
  const base = codEmailReplyBase
    ? await db.selectFrom('emails').select('ema_uni_id').where('ema_uni_codigo', '=', codEmailReplyBase).executeTakeFirst()
    : undefined;
  const ids = [
    ...(base ? [`<${base.ema_uni_id}@${domain}>`] : []),
    ...(received?.rec_references?.match(/<[^<>\s]+>/g) ?? []),
    ...(received?.rec_message_id ? [received.rec_message_id] : []),
  ];
  const references = [...new Set(ids)];
  const inReplyTo = received?.rec_message_id ?? references.at(-1);
  return inReplyTo ? { inReplyTo, references: references.join(' ') } : null;
}

export function linksOf(db: Kysely<DB>, cod_email: number) {
  return db.selectFrom('email_links').select(['lnk_uuid', 'lnk_url']).where('cod_email', '=', cod_email).execute();
}

/**
 * The codes of a send's messages and of their 'processed' events, and the database time, taken
 * before anything is written (send.service.ts, storeSend).
 */
export async function reserveSendIds(trx: Transaction<DB>, count: number) {
  // The sequences' names looked up once, not once a row (500 rows: ~5 → ~0.5 ms on PostgreSQL);
  // the time read once: the same for every row, as clock_timestamp() almost always was within one statement.
  const { rows } = await sql<{ cod: number; evt: string; agora: Date }>`
    WITH s AS (SELECT pg_get_serial_sequence('emails', 'ema_uni_codigo') AS m,
                      pg_get_serial_sequence('email_eventos', 'evt_codigo') AS e,
                      date_trunc('milliseconds', clock_timestamp()) AS agora)
    SELECT nextval(s.m)::int AS cod, nextval(s.e)::text AS evt, s.agora
      FROM s, generate_series(1, ${count}::int)`.execute(trx);
  return rows.map((r) => ({ cod_email: Number(r.cod), evt_codigo: Number(r.evt), agora: new Date(r.agora) }));
}

/**
 * A send's messages, links, tags and events in one statement (data-modifying CTEs all run,
 * referenced or not; the foreign keys are checked at the statement's end), each table's rows as
 * one array per column (unnestRows), and with them the messages' send jobs and the events' stamp
 * jobs (pg-boss's own inserts, queue/job-insert.queries.ts). Answers the statement, ready to run: executed, it
 * answers the messages as stored, with the columns their hash is over, and on each row how many
 * send jobs were stored (`send_jobs`: pg-boss skips a job whose singleton key is taken).
 */
export async function insertSendStatement(
  trx: Transaction<DB>,
  send: {
    messages: Insertable<DB['emails']>[];
    links: Insertable<DB['email_links']>[];
    labels: Insertable<DB['email_etiquetas']>[];
    events: Insertable<DB['email_eventos']>[];
    sendJobs: RawBuilder<{ id: string }>;
    /** Null when the stamp queue could not write its insert: the stamp sweep queues the events later. */
    stampJobs: RawBuilder<{ id: string }> | null;
  },
) {
  const [m, l, t, e] = await Promise.all([
    unnestRows(trx, 'emails', send.messages),
    send.links.length ? unnestRows(trx, 'email_links', send.links) : null,
    send.labels.length ? unnestRows(trx, 'email_etiquetas', send.labels) : null,
    unnestRows(trx, 'email_eventos', send.events),
  ]);
  return trx
    .with('m', (db) =>
      db
        .insertInto('emails')
        .columns(m.columns as never)
        .expression(m.select)
        .returning(['ema_uni_codigo', ...MESSAGE_HASH_COLUMNS]),
    )
    .with('l', (db) =>
      (l
        ? db
            .insertInto('email_links')
            .columns(l.columns as never)
            .expression(l.select)
        : db.insertInto('email_links').columns(['cod_email', 'lnk_url']).expression(sql`SELECT NULL::int, NULL::text WHERE false`)
      ).returning('cod_email'),
    )
    .with('t', (db) =>
      (t
        ? db
            .insertInto('email_etiquetas')
            .columns(t.columns as never)
            .expression(t.select)
        : db.insertInto('email_etiquetas').columns(['cod_email', 'cod_etiqueta']).expression(sql`SELECT NULL::int, NULL::int WHERE false`)
      ).returning('cod_email'),
    )
    .with('e', (db) =>
      db
        .insertInto('email_eventos')
        .columns(e.columns as never)
        .expression(e.select)
        .returning('evt_codigo'),
    )
    .with('sj', () => sql<{ id: string }>`(${send.sendJobs})`)
    .with('st', () => sql<{ id: string }>`(${send.stampJobs ?? sql`SELECT NULL::uuid AS id WHERE false`})`)
    .selectFrom('m')
    .selectAll()
    .select(sql<number>`(SELECT count(*) FROM sj)::int`.as('send_jobs'));
}

/** A send's messages in one insert (storeSendStepByStep): their codes, protocols and addresses. */
export function insertMessages(trx: Transaction<DB>, values: Insertable<DB['emails']>[]) {
  return trx.insertInto('emails').values(values).returning(['ema_uni_codigo', 'ema_uni_id', 'ema_uni_to']).execute();
}

/** The tracked links and the tags of a send's messages (storeSendStepByStep). */
export async function insertMessageLinksAndTags(
  trx: Transaction<DB>,
  links: Insertable<DB['email_links']>[],
  labels: Insertable<DB['email_etiquetas']>[],
): Promise<void> {
  if (links.length) await trx.insertInto('email_links').values(links).execute();
  if (labels.length) await trx.insertInto('email_etiquetas').values(labels).execute();
}

// ---- the acceptance journal (email_aceites; send.slots.ts, docs/send-pipeline.md, "Crash window") ----

/** Relay acceptances written as their replies arrive, ahead of the batch's chained 'send' events. */
export async function journalAcceptances(db: Kysely<DB>, rows: { cod_email: number; ace_detalhes: never }[]): Promise<void> {
  await db
    .insertInto('email_aceites')
    .values(rows)
    .onConflict((oc) => oc.column('cod_email').doNothing())
    .execute();
}

/** Journal rows whose 'send' events are recorded (in the same transaction when given one). */
export async function forgetAcceptances(db: Kysely<DB>, codes: number[]): Promise<void> {
  if (codes.length) await db.deleteFrom('email_aceites').where('cod_email', 'in', codes).execute();
}
