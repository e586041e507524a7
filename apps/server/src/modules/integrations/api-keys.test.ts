import { INTEGRATION_MSG } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../../test/harness.ts';
import type { DB } from '../../db/schema.ts';

/**
 * API keys (docs/integrations.md): made once and shown once, only their hash in the database, acting
 * as their user on any /v2 route, revoked and expired at once, limited per key with the RateLimit
 * headers, and reachable only by their owner.
 */
const EMAIL = {
  destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação',
  content: '<p>Prezada Ana, segue a notificação.</p>',
};

/** Every text value of every table of the public schema, as one string per row. */
async function everyRowAsText(db: Kysely<DB>) {
  const { rows: tables } = await sql<{ t: string }>`
    SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db);
  const texts: string[] = [];
  for (const { t } of tables) {
    const { rows } = await sql<{ r: string }>`SELECT row_to_json(x)::text AS r FROM ${sql.table(t)} x`.execute(db);
    texts.push(...rows.map((r) => r.r));
  }
  return texts;
}

describe('API keys', () => {
  const t = useTestApp({ API_KEY_RATE_LIMIT: '5' }, { startQueue: true, startWorkers: false });
  const as = t.signIns({ ana: 'usuario@demo.local', gerente: 'gerente@demo.local' });

  it('shows the token once, keeps only its hash, and lists the key without it', async () => {
    const res = await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'ERP' });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key.token).toMatch(/^ark_[A-Za-z0-9_-]{43}$/);
    expect(key.prefixo).toBe(key.token.slice(0, 12));
    expect(key).toMatchObject({ nome: 'ERP', expiraEm: null, message: INTEGRATION_MSG.keyCreated });
    const list = await t.call('GET', '/integracoes/chaves', as.ana);
    expect(list.json().chaves).toEqual([expect.objectContaining({ id: key.id, nome: 'ERP', prefixo: key.prefixo, ultimoUsoEm: null })]);
    expect(list.body).not.toContain(key.token);
    // Nothing in the database gives the token back: not in any table, not in any column.
    const secretPart = key.token.slice(12);
    expect((await everyRowAsText(t.ctx.db)).filter((r) => r.includes(secretPart))).toEqual([]);
  });

  it('acts as its user on any route, with no CSRF token, and records its last use', async () => {
    const { token } = (await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'Envio' })).json();
    const me = await t.call('GET', '/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ usu_login: 'usuario@demo.local' });
    const sent = await t.send(token, EMAIL);
    expect(sent.statusCode).toBe(200);
    const owner = await t.ctx.db
      .selectFrom('emails as e')
      .innerJoin('usuarios as u', 'u.usu_codigo', 'e.cod_usu')
      .select('u.usu_login')
      .where('e.ema_uni_codigo', '=', sent.json().emails[0].ema_uni_codigo)
      .executeTakeFirstOrThrow();
    expect(owner.usu_login).toBe('usuario@demo.local');
    const listed = (await t.call('GET', '/integracoes/chaves', as.ana)).json().chaves.find((k: { nome: string }) => k.nome === 'Envio');
    expect(listed.ultimoUsoEm).not.toBeNull();
  });

  it('answers 401 with its reason for an unknown, a revoked and an expired key, at once', async () => {
    const unknown = await t.call('GET', '/me', `ark_${'A'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, INTEGRATION_MSG.keyUnknown]);
    const { id, token } = (await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'Revogar' })).json();
    expect((await t.call('GET', '/me', token)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/integracoes/chaves/${id}`, as.ana)).statusCode).toBe(200);
    const revoked = await t.call('GET', '/me', token);
    expect([revoked.statusCode, revoked.json().message]).toEqual([401, INTEGRATION_MSG.keyRevoked]);
    expect((await t.call('GET', '/integracoes/chaves', as.ana)).json().chaves.map((k: { id: number }) => k.id)).not.toContain(id);

    const soon = (
      await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'Expira', expiraEm: new Date(Date.now() + 60_000).toISOString() })
    ).json();
    expect((await t.call('GET', '/me', soon.token)).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('api_chaves')
      .set({ chv_expira: sql<Date>`now() - interval '1 second'` })
      .where('chv_codigo', '=', soon.id)
      .execute();
    const expired = await t.call('GET', '/me', soon.token);
    expect([expired.statusCode, expired.json().message]).toEqual([401, INTEGRATION_MSG.keyExpired]);
  });

  it('refuses a name or an expiry it cannot take, with a Portuguese message', async () => {
    const noName = await t.call('POST', '/integracoes/chaves', as.ana, { nome: ' ' });
    expect([noName.statusCode, noName.json().message]).toEqual([400, INTEGRATION_MSG.keyNameRequired]);
    const past = await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'X', expiraEm: '2020-01-01T00:00:00-03:00' });
    expect([past.statusCode, past.json().message]).toEqual([400, INTEGRATION_MSG.keyExpiryPast]);
    const noZone = await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'X', expiraEm: '2030-01-01T00:00:00' });
    expect([noZone.statusCode, noZone.json().message]).toEqual([400, INTEGRATION_MSG.keyExpiryInvalid]);
  });

  it('limits each key to API_KEY_RATE_LIMIT requests a minute, with the RateLimit headers and Retry-After', async () => {
    const { token } = (await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'Limite' })).json();
    const other = (await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'Outra' })).json().token;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await t.call('GET', '/me', token));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0']);
    expect(answers[0]?.headers['ratelimit-limit']).toBe('5');
    expect(Number(answers[0]?.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const refused = answers[5];
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().message).toBe(INTEGRATION_MSG.rateLimited(Number(refused?.headers['retry-after'])));
    // Another key of the same user has its own count; a session is not limited by it.
    expect((await t.call('GET', '/me', other)).statusCode).toBe(200);
    expect((await t.call('GET', '/me', as.ana)).headers['ratelimit-limit']).toBeUndefined();
  });

  it("reaches only its owner's keys: another user neither lists nor revokes them", async () => {
    const { id, token } = (await t.call('POST', '/integracoes/chaves', as.ana, { nome: 'Só da Ana' })).json();
    expect((await t.call('GET', '/integracoes/chaves', as.gerente)).json().chaves.map((k: { id: number }) => k.id)).not.toContain(id);
    expect((await t.call('DELETE', `/integracoes/chaves/${id}`, as.gerente)).statusCode).toBe(404);
    expect((await t.call('GET', '/me', bearer(token))).statusCode).toBe(200);
  });
});
