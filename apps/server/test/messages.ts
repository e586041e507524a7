import { createHash, randomUUID } from 'node:crypto';
import type { LetterAddress, Oficio } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * Test data only: messages written straight into the database with the events of their history,
 * for the reports and bulk proofs, which read what the send pipeline leaves (docs/reports.md).
 * The hashes are made up: these messages' chains do not recompute (proofs say so), which the
 * tests of the chain itself cover with real sends.
 */
export interface TestMessage {
  login: string;
  at: string | Date;
  to?: string | null;
  nameTo?: string;
  subject?: string;
  identificacao?: string;
  sms?: string;
  whatsapp?: string;
  /** AR-Voz: the number called. */
  voz?: string;
  /** AR-Carta: the postal address, and the S10 code once posted. */
  carta?: LetterAddress & { rastreio?: string };
  creditos?: number;
  oficio?: Partial<Oficio>;
  /** The events, in order: [channel, type, when, details]. */
  events?: [string, string, string | Date, Record<string, unknown>?][];
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export async function insertMessage(db: Kysely<DB>, m: TestMessage): Promise<{ ema_uni_codigo: number; ema_uni_id: string }> {
  const user = await db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'cod_ger_entidade'])
    .where('usu_login', '=', m.login)
    .executeTakeFirstOrThrow();
  const last = (type: string) => m.events?.filter(([c, t]) => c === type && t !== 'click' && t !== 'download').at(-1)?.[1] ?? null;
  const row = await db
    .insertInto('emails')
    .values({
      cod_usu: user.usu_codigo,
      cod_ger_entidade: user.cod_ger_entidade,
      ema_uni_envio: randomUUID(),
      ema_uni_name_from: 'Cobrança Demo',
      ema_uni_from: m.login,
      ema_uni_name_to: m.nameTo ?? 'João da Silva',
      ema_uni_to: m.to === undefined ? 'joao@cliente.test' : m.to,
      ema_uni_subject: m.subject ?? 'Notificação de cobrança',
      ema_uni_content: '<p>Prezado, segue a notificação.</p>',
      ema_uni_content_sha256: sha('conteudo'),
      ema_uni_identificacao: m.identificacao ?? 'Contrato 1',
      ema_uni_sms: m.sms ? JSON.stringify({ number: m.sms, messageContent: 'Aviso' }) : null,
      ema_uni_whatsapp: m.whatsapp ? JSON.stringify({ numberReceived: m.whatsapp, content: 'Aviso' }) : null,
      ema_uni_voz: m.voz ? JSON.stringify({ numberTo: m.voz, name: m.nameTo ?? null }) : null,
      ema_uni_carta: m.carta ? JSON.stringify({ ...m.carta, rastreio: undefined }) : null,
      ema_uni_creditos: m.creditos ?? 1,
      ema_uni_data_criacao: new Date(m.at),
      ema_status_email: last('email'),
      ema_status_sms: last('sms'),
      ema_status_whatsapp: last('whatsapp'),
      ema_status_voz: last('voz'),
      ema_status_carta: last('carta'),
      ema_uni_oficio: m.oficio ? JSON.stringify(m.oficio) : null,
    })
    .returning(['ema_uni_codigo', 'ema_uni_id'])
    .executeTakeFirstOrThrow();
  if (m.carta?.rastreio) {
    await db
      .insertInto('cartas')
      .values({
        cod_email: row.ema_uni_codigo,
        pdf_chave: `cartas/${row.ema_uni_id}.pdf`,
        pdf_sha256: sha('carta'),
        paginas: 2,
        rastreio: m.carta.rastreio,
      })
      .execute();
  }
  let previous = sha(`genesis ${row.ema_uni_id}`);
  let seq = 1;
  for (const [canal, tipo, when, detalhes] of m.events ?? []) {
    const hash = sha(`${previous} ${seq}`);
    await db
      .insertInto('email_eventos')
      .values({
        cod_email: row.ema_uni_codigo,
        evt_canal: canal as 'email',
        evt_tipo: tipo,
        evt_data: new Date(when),
        evt_detalhes: JSON.stringify(detalhes ?? {}),
        evt_seq: seq++,
        evt_hash_anterior: previous,
        evt_hash: hash,
      })
      .execute();
    previous = hash;
  }
  // The statuses each channel reached, as events.ts keeps them (the proof filter reads these bits).
  await sql`UPDATE emails m SET
      ema_alcance_email = coalesce((SELECT bit_or(CASE evt_tipo WHEN 'processed' THEN 1 WHEN 'send' THEN 2 WHEN 'delivered' THEN 4
        WHEN 'erro' THEN 16 WHEN 'track' THEN 32 WHEN 'read' THEN 64 WHEN 'acknowledged' THEN 128 WHEN 'answered' THEN 256 ELSE 0 END)
        FROM email_eventos v WHERE v.cod_email = m.ema_uni_codigo AND v.evt_canal = 'email'), 0),
      ema_alcance_sms = coalesce((SELECT bit_or(CASE evt_tipo WHEN 'processed' THEN 1 WHEN 'send' THEN 2 WHEN 'delivered' THEN 4
        WHEN 'erro' THEN 16 WHEN 'read' THEN 64 ELSE 0 END)
        FROM email_eventos v WHERE v.cod_email = m.ema_uni_codigo AND v.evt_canal = 'sms'), 0),
      ema_alcance_whatsapp = coalesce((SELECT bit_or(CASE evt_tipo WHEN 'processed' THEN 1 WHEN 'send' THEN 2 WHEN 'delivered' THEN 4
        WHEN 'erro' THEN 16 WHEN 'read' THEN 64 ELSE 0 END)
        FROM email_eventos v WHERE v.cod_email = m.ema_uni_codigo AND v.evt_canal = 'whatsapp'), 0),
      ema_alcance_voz = coalesce((SELECT bit_or(CASE evt_tipo WHEN 'processed' THEN 1 WHEN 'send' THEN 2 WHEN 'delivered' THEN 4
        WHEN 'erro' THEN 16 WHEN 'acknowledged' THEN 128 WHEN 'answered' THEN 256 ELSE 0 END)
        FROM email_eventos v WHERE v.cod_email = m.ema_uni_codigo AND v.evt_canal = 'voz'), 0),
      ema_alcance_carta = coalesce((SELECT bit_or(CASE evt_tipo WHEN 'processed' THEN 1 WHEN 'send' THEN 2 WHEN 'delivered' THEN 4
        WHEN 'erro' THEN 16 ELSE 0 END)
        FROM email_eventos v WHERE v.cod_email = m.ema_uni_codigo AND v.evt_canal = 'carta'), 0)
    WHERE m.ema_uni_codigo = ${row.ema_uni_codigo}`.execute(db);
  return row;
}

/** `count` plain messages of a user at `at` (one statement), each processed and sent. */
export async function insertManyMessages(db: Kysely<DB>, login: string, count: number, at: string): Promise<void> {
  await sql`INSERT INTO emails (cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
      ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, ema_uni_creditos, ema_status_email,
      ema_alcance_email, ema_uni_data_criacao)
    SELECT u.usu_codigo, u.cod_ger_entidade, gen_random_uuid(), 'Lote', u.usu_login, 'Pessoa ' || i, 'pessoa' || i || '@exemplo.test',
      'Aviso ' || i, '<p>Aviso</p>', repeat('0', 64), 'Lote ' || i, 1, 'send', 3, ${new Date(at)}::timestamptz
    FROM usuarios u, generate_series(1, ${count}::int) AS i WHERE u.usu_login = ${login}`.execute(db);
}
