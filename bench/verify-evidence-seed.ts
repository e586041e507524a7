// Seeds the evidence audit's benchmark (bench/verify-evidence.mjs): messages with real chains, hashed
// by the product's own code, and RFC 3161 tokens of the built-in TSA on a share of the events,
// inserted through unnest arrays (thousands of rows a statement). Run with tsx.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventHash, genesisHash, messageHash } from '../apps/server/src/modules/evidence/canonical.ts';
import { loadBuiltinTsa } from '../apps/server/src/modules/evidence/tsa/builtin-tsa.ts';

const [url, dataDir, eventsWanted, perMessage, stampEvery] = [
  process.argv[2] as string,
  process.argv[3] as string,
  Number(process.argv[4]),
  Number(process.argv[5]),
  Number(process.argv[6]),
];
const client = new pg.Client({ connectionString: url });
await client.connect();
const tsa = await loadBuiltinTsa(dataDir);
const user = (await client.query("SELECT usu_codigo, cod_ger_entidade FROM usuarios WHERE usu_login = 'usuario@demo.local'")).rows[0];
const messages = Math.ceil(eventsWanted / perMessage);
const BATCH = 2000;
const TYPES = ['processed', 'send', 'delivered', 'read', 'accept'];
let done = 0;
for (let start = 0; start < messages; start += BATCH) {
  const n = Math.min(BATCH, messages - start);
  const m = Array.from({ length: n }, (_, i) => {
    const uuid = randomUUID();
    const msg = {
      ema_uni_id: uuid,
      ema_uni_from: 'usuario@demo.local',
      ema_uni_to: `pessoa${start + i}@cliente.test`,
      ema_uni_subject: `Notificação ${start + i}`,
      ema_uni_content: '<p>Segue a notificação.</p>',
      ema_uni_sms: null,
      ema_uni_whatsapp: null,
      ema_uni_attachments: { attachments: [] },
    };
    return { ...msg, hash: messageHash(msg) };
  });
  const ids = (
    await client.query(
      `INSERT INTO emails (ema_uni_id, cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
         ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_attachments, ema_uni_hash)
       SELECT u.id, $2, $3, u.id, 'Bench', 'usuario@demo.local', 'Pessoa', u.to_, u.subj, '<p>Segue a notificação.</p>', 'x', '{"attachments":[]}', u.h
         FROM unnest($1::uuid[], $4::text[], $5::text[], $6::text[]) AS u(id, to_, subj, h)
       RETURNING ema_uni_codigo, ema_uni_id`,
      [
        m.map((x) => x.ema_uni_id),
        user.usu_codigo,
        user.cod_ger_entidade,
        m.map((x) => x.ema_uni_to),
        m.map((x) => x.ema_uni_subject),
        m.map((x) => x.hash),
      ],
    )
  ).rows;
  const codeOf = new Map(ids.map((r) => [r.ema_uni_id, Number(r.ema_uni_codigo)]));
  const ev: (string | number | null)[][] = [[], [], [], [], [], [], []];
  const when = new Date(Date.UTC(2026, 10, 1));
  for (const x of m) {
    let previous = genesisHash(x.ema_uni_id, x.hash);
    for (let seq = 1; seq <= perMessage; seq++) {
      const tipo = TYPES[(seq - 1) % TYPES.length] as string;
      const data = new Date(when.getTime() + seq * 1000);
      const hash = eventHash({
        uuid: x.ema_uni_id,
        seq,
        canal: 'email',
        tipo,
        data,
        ip: null,
        userAgent: null,
        cidade: null,
        estado: null,
        pais: null,
        lat: null,
        lng: null,
        detalhes: {},
        hashAnterior: previous,
      });
      ev[0]?.push(codeOf.get(x.ema_uni_id) as number);
      ev[1]?.push(seq);
      ev[2]?.push(tipo);
      ev[3]?.push(data.toISOString());
      ev[4]?.push(previous);
      ev[5]?.push(hash);
      previous = hash;
    }
  }
  const inserted = (
    await client.query(
      `INSERT INTO email_eventos (cod_email, evt_seq, evt_canal, evt_tipo, evt_data, evt_detalhes, evt_hash_anterior, evt_hash)
       SELECT e.c, e.s, 'email', e.t, e.d, '{}', e.p, e.h FROM unnest($1::bigint[], $2::int[], $3::text[], $4::timestamptz[], $5::text[], $6::text[]) AS e(c, s, t, d, p, h)
       RETURNING evt_codigo, evt_hash`,
      ev.slice(0, 6),
    )
  ).rows;
  const stamped = inserted.filter((_, i) => i % stampEvery === 0);
  const tokens: Buffer[] = [];
  // The stamp worker's own call (issue: the token without a request to encode and an answer to parse).
  for (const r of stamped) tokens.push(Buffer.from((await tsa.issue(r.evt_hash)).token));
  await client.query(
    `INSERT INTO email_carimbos (evt_codigo, car_token, car_token_sha256, car_serial, car_gen_time, car_tsa, car_tsa_url)
     SELECT t.e, t.tok, encode(sha256(t.tok), 'hex'), md5(t.e::text), now(), 'bench', null FROM unnest($1::bigint[], $2::bytea[]) AS t(e, tok)`,
    [stamped.map((r) => r.evt_codigo), tokens],
  );
  done += inserted.length;
  if ((start / BATCH) % 25 === 0) console.log(`  seeded ${done} events`);
}
await client.end();
