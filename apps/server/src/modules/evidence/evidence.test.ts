import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, notFoundForOthers, type TestApp, useSinkApp } from '../../../test/harness.ts';
import { opensslVerifyToken } from '../../../test/openssl.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { recordEvent } from '../emails/events.ts';
import { checkChain, checkOwnChain } from './chain-check.ts';
import { recomputeEventHash } from './chain-fields.ts';
import { checkEvidence, checkOwnEvidence } from './evidence.service.ts';
import { sweepUnstamped } from './stamp.worker.ts';

const run = promisify(execFile);
// Stamps go through the queue: on a machine busy with other suites they can take a while.
vi.setConfig({ testTimeout: 90_000 });

const { app } = useSinkApp({ startQueue: true });
let t: TestApp;
let token: string;
let tsaPem: string;

beforeAll(async () => {
  t = app.t;
  token = await t.login('usuario@demo.local');
  const cert = await t.app.inject({ method: 'GET', url: '/v2/tsa/certificado.pem' });
  expect(cert.statusCode).toBe(200);
  tsaPem = cert.body;
});

/** Sends one message through the API and answers its id once the relay accepted it. */
async function sendOne(to: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/emails/send',
    headers: bearer(token),
    payload: { destinataires: [{ to, nameTo: 'Ana' }], nameFrom: 'Cobranca Demo', subject: 'Notificação', content: '<p>Prezada Ana</p>' },
  });
  expect(res.statusCode).toBe(200);
  const id = res.json().emails[0].ema_uni_codigo as number;
  await waitFor(
    () => t.ctx.db.selectFrom('email_eventos').select('evt_codigo').where('cod_email', '=', id).where('evt_tipo', '=', 'send').execute(),
    (rows) => rows.length === 1,
    60_000,
  );
  return id;
}

const eventsOf = (id: number) =>
  t.ctx.db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select([
      'e.evt_codigo',
      'e.evt_seq',
      'e.evt_tipo',
      'e.evt_hash',
      'e.evt_hash_anterior',
      'e.evt_cidade',
      'e.evt_pais',
      'e.evt_lat',
      'c.car_token',
    ])
    .where('e.cod_email', '=', id)
    .orderBy('e.evt_seq')
    .execute();

const allStamped = (id: number) =>
  waitFor(
    () => eventsOf(id),
    (rows) => rows.length > 0 && rows.every((r) => r.car_token),
    60_000,
  );

describe('evidence of a message', () => {
  let id: number;

  beforeAll(async () => {
    id = await sendOne('ana@cliente.test');
    // A read from a public address in Rio de Janeiro, as the public page will record it.
    await recordEvent(
      t.ctx.db,
      {
        cod_email: id,
        canal: 'email',
        tipo: 'read',
        ip: '200.147.67.142',
        userAgent: 'Mozilla/5.0 (Teste)',
        detalhes: { origem: 'teste' },
      },
      t.ctx.boss,
    );
  });

  it('chains every event from the message hash, places the IP and stamps each event', async () => {
    const events = await allStamped(id);
    expect(events.map((e) => [e.evt_seq, e.evt_tipo])).toEqual([
      [1, 'processed'],
      [2, 'send'],
      [3, 'read'],
    ]);
    for (let i = 1; i < events.length; i++) expect(events[i].evt_hash_anterior).toBe(events[i - 1].evt_hash);
    expect(events[2]).toMatchObject({ evt_cidade: 'Rio de Janeiro', evt_pais: 'BR' });
    expect(events[2].evt_lat).toBeCloseTo(-22.9, 0);
    const msg = await t.ctx.db.selectFrom('emails').select('ema_uni_hash').where('ema_uni_codigo', '=', id).executeTakeFirstOrThrow();
    expect(msg.ema_uni_hash).toMatch(/^[0-9a-f]{64}$/);
    const chain = await checkChain(t.ctx.db, id);
    expect(chain).toMatchObject({ isIntact: true, firstBroken: null, events: 3, storedMessageHash: msg.ema_uni_hash });
  });

  it('hashes the message as docs/evidence.md says: from and to are the bare addresses, without display names', async () => {
    const m = await t.ctx.db
      .selectFrom('emails')
      .select([
        'ema_uni_id',
        'ema_uni_from',
        'ema_uni_to',
        'ema_uni_name_from',
        'ema_uni_name_to',
        'ema_uni_subject',
        'ema_uni_content',
        'ema_uni_hash',
      ])
      .where('ema_uni_codigo', '=', id)
      .executeTakeFirstOrThrow();
    const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
    // What an expert does by hand from the documentation, without the product's code.
    const byHand = (from: string | null, to: string | null) =>
      sha(JSON.stringify(['AR-MSG-1', m.ema_uni_id, from, to, m.ema_uni_subject, sha(m.ema_uni_content), null, null, []]));
    expect([m.ema_uni_from, m.ema_uni_to]).toEqual(['usuario@demo.local', 'ana@cliente.test']);
    expect(byHand('usuario@demo.local', 'ana@cliente.test')).toBe(m.ema_uni_hash);
    // The three other combinations an expert tried: none is the stored hash.
    const named = (name: string | null, address: string | null) => `${name} <${address}>`;
    for (const [from, to] of [
      [named(m.ema_uni_name_from, m.ema_uni_from), m.ema_uni_to],
      [m.ema_uni_from, named(m.ema_uni_name_to, m.ema_uni_to)],
      [named(m.ema_uni_name_from, m.ema_uni_from), named(m.ema_uni_name_to, m.ema_uni_to)],
    ])
      expect(byHand(from, to)).not.toBe(m.ema_uni_hash);
  });

  it('every stored token verifies with openssl ts -verify against the TSA certificate', async () => {
    const events = await allStamped(id);
    for (const e of events) {
      const verdict = await opensslVerifyToken(new Uint8Array(e.car_token as Uint8Array), e.evt_hash, tsaPem);
      expect(verdict.output).toContain('Verification: OK');
      expect(verdict.ok).toBe(true);
    }
    const report = await checkEvidence(t.ctx, id);
    expect(report?.stamps.every((s) => s.isStamped && s.isStampValid)).toBe(true);
  });

  it('validates a stamp for its hash in plain Portuguese, and refuses it for another hash', async () => {
    const [first] = await allStamped(id);
    const carimboBase64 = Buffer.from(first.car_token as Uint8Array).toString('base64');
    const ok = await t.app.inject({ method: 'POST', url: '/v2/emails/validar-carimbo', payload: { carimboBase64, hash: first.evt_hash } });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body).toMatchObject({
      valido: true,
      tsaEmbutida: true,
      hashCarimbado: first.evt_hash,
      algoritmo: 'SHA-256',
      verificacoes: { assinatura: true, cadeiaCertificados: true, hash: true },
      problemas: [],
      evento: { canal: 'email', tipo: 'processed' },
    });
    expect(body.carimbadoPor).toContain('AR Online TSA embutida');
    // The policy in dotted form (asn1js writes the 2.25 UUID arc as hex between braces).
    expect(body.politica).toBe('2.25.106835227851917353122986444762203162728');
    expect(body.mensagem).toContain('não credenciada na ICP-Brasil');
    expect(body.dataHoraBrasilia).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(body.mensagem).toContain(`existia em ${body.dataHoraBrasilia} (horário de Brasília), segundo AR Online TSA embutida`);
    expect(Date.parse(body.dataHora)).toBeGreaterThan(Date.now() - 120_000);

    // The validator page opens with the token and gets the same answer.
    const again = await t.app.inject({ method: 'GET', url: `/v2/emails/validar-carimbo/${body.token}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ valido: true, token: body.token });

    const other = await t.app.inject({
      method: 'POST',
      url: '/v2/emails/validar-carimbo',
      payload: { carimboBase64, hash: 'a'.repeat(64) },
    });
    expect(other.json()).toMatchObject({ valido: false, verificacoes: { assinatura: true, hash: false } });
    expect(other.json().mensagem).toContain('o hash carimbado é outro');

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/v2/emails/validar-carimbo',
      payload: { carimboBase64: Buffer.from('não é um carimbo').toString('base64'), hash: first.evt_hash },
    });
    expect(garbage.json()).toMatchObject({ valido: false, verificacoes: { assinatura: false } });
  });

  it('answers the texts of spec 002 §8 when the stamp or the hash is missing', async () => {
    const noStamp = await t.app.inject({ method: 'POST', url: '/v2/emails/validar-carimbo', payload: { hash: 'a'.repeat(64) } });
    expect(noStamp.statusCode).toBe(400);
    expect(noStamp.json().message).toBe('Carimbo não encontrado');
    const noHash = await t.app.inject({ method: 'POST', url: '/v2/emails/validar-carimbo', payload: { carimboBase64: 'MIIB' } });
    expect(noHash.statusCode).toBe(400);
    expect(noHash.json().message).toBe('Hash não encontrado');
    const unknown = await t.app.inject({ method: 'GET', url: `/v2/emails/validar-carimbo/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('the database refuses UPDATE and DELETE of events and stamps', async () => {
    const [first] = await eventsOf(id);
    await expect(
      t.ctx.db.updateTable('email_eventos').set({ evt_tipo: 'read' }).where('evt_codigo', '=', first.evt_codigo).execute(),
    ).rejects.toThrow(/somente de inclusão/);
    await expect(t.ctx.db.deleteFrom('email_eventos').where('evt_codigo', '=', first.evt_codigo).execute()).rejects.toThrow(
      /somente de inclusão/,
    );
    await expect(
      t.ctx.db.updateTable('email_carimbos').set({ car_tsa: 'outra' }).where('evt_codigo', '=', first.evt_codigo).execute(),
    ).rejects.toThrow(/somente de inclusão/);
    await expect(t.ctx.db.deleteFrom('email_carimbos').where('evt_codigo', '=', first.evt_codigo).execute()).rejects.toThrow(
      /somente de inclusão/,
    );
    await expect(sql`TRUNCATE email_carimbos`.execute(t.ctx.db)).rejects.toThrow(/somente de inclusão/);
    await expect(
      t.ctx.db
        .updateTable('emails')
        .set({ ema_uni_hash: 'f'.repeat(64) })
        .where('ema_uni_codigo', '=', id)
        .execute(),
    ).rejects.toThrow(/não pode ser alterado/);
    expect((await checkChain(t.ctx.db, id))?.isIntact).toBe(true);
  });

  it('records stray bytes (NUL, lone surrogates) as the database stores them, chain intact', async () => {
    const ok = await recordEvent(
      t.ctx.db,
      {
        cod_email: id,
        canal: 'email',
        tipo: 'track',
        userAgent: 'Agente\u0000x',
        detalhes: { motivo: 'a\ud800b', 'k\u0000': [1.5, null] },
      },
      t.ctx.boss,
    );
    expect(ok).toBe(true);
    const last = await t.ctx.db
      .selectFrom('email_eventos')
      .select(['evt_user_agent', 'evt_detalhes'])
      .where('cod_email', '=', id)
      .orderBy('evt_seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.evt_user_agent).toBe('Agente\uFFFDx');
    expect(last.evt_detalhes).toEqual({ motivo: 'a\uFFFDb', 'k\uFFFD': [1.5, null] });
    expect((await checkChain(t.ctx.db, id))?.isIntact).toBe(true);
  });

  it('concurrent events of one message never fork the chain', async () => {
    const other = await sendOne('bruno@cliente.test');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordEvent(t.ctx.db, { cod_email: other, canal: 'email', tipo: 'track', detalhes: { n: i } }, t.ctx.boss),
      ),
    );
    const events = await eventsOf(other);
    expect(events.map((e) => e.evt_seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect((await checkChain(t.ctx.db, other))?.isIntact).toBe(true);
  });
});

describe("another user's message", () => {
  it('answers 404 on every evidence route of a signed-in user, and its chain and stamps are not checked for them', async () => {
    const id = await sendOne('erica@cliente.test');
    // The manager of the same entity, and the administrator above both: neither reaches the user's own message.
    for (const login of ['gerente@demo.local', 'admin@demo.local']) {
      const leaks = await notFoundForOthers(app, await app.as(login), [
        ['GET', `/emails/sending-proof/${id}`],
        ['PUT', `/emails/sending-proof/${id}`, { name: 'Outro', email: 'outro@demo.local' }],
        ['GET', `/emails/report/laudo/${id}`],
      ]);
      expect(leaks).toEqual([]);
      const scope = await app.scopeOf(login);
      expect(await checkOwnChain(t.ctx.db, scope, id)).toBeNull();
      expect(await checkOwnEvidence(t.ctx, scope, id)).toBeNull();
    }
    // The owner reaches its own.
    const own = await app.scopeOf('usuario@demo.local');
    expect((await checkOwnChain(t.ctx.db, own, id))?.isIntact).toBe(true);
    expect((await checkOwnEvidence(t.ctx, own, id))?.cod_email).toBe(id);
    expect((await app.call('GET', `/emails/sending-proof/${id}`, token)).statusCode).toBe(200);
  });
});

describe('a stamp queue that fails', () => {
  it('never costs the event: it commits unstamped and the sweep stamps it', async () => {
    const id = await sendOne('diana@cliente.test');
    // One queue throws before touching the database, the other fails inside the event's transaction
    // (queueStamps inserts through boss.insert, on the event's transaction).
    // Each failure is told on the queue's error channel (the server's log), with its cause.
    const told: Error[] = [];
    const emit = (name: string, err: Error) => name === 'error' && told.push(err);
    const throwing = { insert: async () => Promise.reject(new Error('fila fora do ar')), emit } as unknown as PgBoss;
    const failingSql = {
      insert: (_n: string, _jobs: unknown[], o: { db: { executeSql(q: string, v?: unknown[]): Promise<unknown> } }) =>
        o.db.executeSql('SELECT 1/0'),
      emit,
    } as unknown as PgBoss;
    expect(await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'read' }, throwing)).toBe(true);
    expect(await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'track' }, failingSql)).toBe(true);
    // A queue whose error channel itself throws (no listener, or a listener that fails) costs nothing either.
    const deaf = {
      insert: async () => Promise.reject(new Error('fila fora do ar')),
      emit: () => {
        throw new Error('ninguém ouve');
      },
    } as unknown as PgBoss;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'read' }, deaf)).toBe(true);
      expect(quiet).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('não enfileirados') }));
    } finally {
      quiet.mockRestore();
    }
    expect(told.map((e) => e.message)).toEqual(
      Array(2).fill('carimbos de 1 evento(s) não enfileirados; a varredura de carimbos os enfileira'),
    );
    expect((told[0]?.cause as Error | undefined)?.message).toBe('fila fora do ar');
    expect((told[1]?.cause as Error | undefined)?.message).toMatch(/division by zero/);
    const events = await eventsOf(id);
    expect(events.map((e) => e.evt_tipo)).toEqual(['processed', 'send', 'read', 'track', 'read']);
    expect(events.slice(2).every((e) => !e.car_token)).toBe(true);

    expect(await sweepUnstamped(t.ctx, new Date())).toBeGreaterThanOrEqual(3);
    await allStamped(id);
    expect((await checkEvidence(t.ctx, id))?.stamps.every((s) => s.isStampValid)).toBe(true);
  });
});

describe('a changed byte', () => {
  it('breaks the chain check and the stamp check of that event', async () => {
    const id = await sendOne('carla@cliente.test');
    await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'read', userAgent: 'Mozilla/5.0', ip: '8.8.8.8' }, t.ctx.boss);
    const events = await allStamped(id);
    const target = events[1]; // the 'send' event
    const before = await checkEvidence(t.ctx, id);
    expect(before?.isIntact).toBe(true);

    // Someone with the database owner's rights switches the guard off and edits one character.
    await sql`ALTER TABLE email_eventos DISABLE TRIGGER email_eventos_somente_inclusao`.execute(t.ctx.db);
    try {
      await sql`UPDATE email_eventos SET evt_tipo = 'sene' WHERE evt_codigo = ${target.evt_codigo}`.execute(t.ctx.db);
    } finally {
      await sql`ALTER TABLE email_eventos ENABLE TRIGGER email_eventos_somente_inclusao`.execute(t.ctx.db);
    }

    const chain = await checkChain(t.ctx.db, id);
    expect(chain?.isIntact).toBe(false);
    expect(chain?.firstBroken).toMatchObject({ evt_codigo: Number(target.evt_codigo), evt_seq: 2 });
    expect(chain?.firstBroken?.reason).toContain('não correspondem ao seu hash');

    const report = await checkEvidence(t.ctx, id);
    const stamp = report?.stamps.find((s) => s.evt_seq === 2);
    expect(stamp).toMatchObject({ isStamped: true, isStampValid: false });
    expect(report?.stamps.filter((s) => s.evt_seq !== 2).every((s) => s.isStampValid)).toBe(true);

    // The token no longer covers the event as stored: neither our validator nor openssl accept it.
    const row = await t.ctx.db
      .selectFrom('email_eventos')
      .selectAll()
      .where('evt_codigo', '=', target.evt_codigo)
      .executeTakeFirstOrThrow();
    const tampered = recomputeEventHash(chain?.uuid as string, row, row.evt_hash_anterior);
    expect(tampered).not.toBe(target.evt_hash);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/emails/validar-carimbo',
      payload: { carimboBase64: Buffer.from(target.car_token as Uint8Array).toString('base64'), hash: tampered },
    });
    expect(res.json().valido).toBe(false);
    const verdict = await opensslVerifyToken(new Uint8Array(target.car_token as Uint8Array), tampered, tsaPem);
    expect(verdict.ok).toBe(false);
  });
});

describe('built-in TSA over HTTP', () => {
  it('answers an RFC 3161 request made by openssl, with a token openssl verifies', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-tsq-'));
    try {
      await fs.writeFile(path.join(dir, 'dados.txt'), 'conteúdo carimbado');
      await fs.writeFile(path.join(dir, 'tsa.pem'), tsaPem);
      await run('openssl', ['ts', '-query', '-data', path.join(dir, 'dados.txt'), '-sha256', '-cert', '-out', path.join(dir, 'req.tsq')]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/tsa',
        headers: { 'content-type': 'application/timestamp-query' },
        payload: await fs.readFile(path.join(dir, 'req.tsq')),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/timestamp-reply');
      await fs.writeFile(path.join(dir, 'resp.tsr'), res.rawPayload);
      const { stdout } = await run('openssl', [
        'ts',
        '-verify',
        '-data',
        path.join(dir, 'dados.txt'),
        '-in',
        path.join(dir, 'resp.tsr'),
        '-CAfile',
        path.join(dir, 'tsa.pem'),
        '-untrusted',
        path.join(dir, 'tsa.pem'),
      ]);
      expect(stdout).toContain('Verification: OK');

      const { stdout: cert } = await run('openssl', [
        'x509',
        '-in',
        path.join(dir, 'tsa.pem'),
        '-noout',
        '-text',
        '-nameopt',
        'oneline,-esc_msb',
      ]);
      expect(cert).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
      expect(cert).toContain('NÃO credenciado na ICP-Brasil (não é uma ACT)');
      expect(cert).toContain('AR Online TSA embutida (não credenciada ICP-Brasil)');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects what is not a time-stamp request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('lixo'),
    });
    expect(res.statusCode).toBe(200);
    // A TimeStampResp with status rejection (2) and failInfo badDataFormat, as RFC 3161 answers.
    const resp = pkijs.TimeStampResp.fromBER(new Uint8Array(res.rawPayload));
    expect(resp.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(resp.timeStampToken).toBeUndefined();
    const json = await t.app.inject({ method: 'POST', url: '/v2/tsa', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });
});
