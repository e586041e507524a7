import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v2/emails/send?${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({}, { startQueue: true, startWorkers: false });
  token = await t.login('usuario@demo.local');
  const res = await t.send(token, {
    destinataires: [
      { to: 'carla@cliente.test', nameTo: 'Carla' },
      { to: 'alice@cliente.test', nameTo: 'Alice' },
      { to: 'bruno@outro.test', nameTo: 'Bruno' },
    ],
    nameFrom: 'Cobranca Demo',
    subject: 'Aviso de cobrança',
    identificacao: 'Contrato 7',
    content: '<p>Olá</p>',
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v2/emails/send (one query per page)', () => {
  it('answers each row with its tags and last status per channel, and the pagination', async () => {
    const tag = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/etiquetas',
        headers: bearer(token),
        payload: { eti_nome: 'Zeta', eti_cor: '#c92a2a' },
      })
    ).json().etiqueta;
    const tag2 = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/etiquetas',
        headers: bearer(token),
        payload: { eti_nome: 'Alfa', eti_cor: '#1971c2' },
      })
    ).json().etiqueta;
    const first = await list('limit=2&offset=0');
    expect(first.pagination).toEqual({ offset: 0, limit: 2, rowCount: 3, pageCount: 2 });
    expect(first.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual(['bruno@outro.test', 'alice@cliente.test']);
    const id = first.emails[0].ema_uni_codigo;
    await t.app.inject({
      method: 'POST',
      url: `/v2/emails/send/${id}/etiquetas`,
      headers: bearer(token),
      payload: [tag.eti_codigo, tag2.eti_codigo],
    });
    const again = await list('limit=2&offset=0');
    const [bruno, alice] = again.emails;
    expect(bruno.emailEtiquetas).toEqual([
      { eti_codigo: tag2.eti_codigo, eti_nome: 'Alfa', eti_cor: '#1971c2' },
      { eti_codigo: tag.eti_codigo, eti_nome: 'Zeta', eti_cor: '#c92a2a' },
    ]);
    expect(alice.emailEtiquetas).toEqual([]);
    expect(Object.keys(bruno.lastStatus)).toEqual(['email']);
    expect(bruno.lastStatus.email).toMatchObject({ type: 'processed', label: 'Processado', color: 'gray' });
    expect(bruno.lastStatus.email.dateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(bruno.ema_uni_data_criacao).toMatch(/Z$/);
    expect(Object.keys(bruno)).toEqual(
      expect.arrayContaining(['ema_uni_codigo', 'ema_uni_id', 'ema_uni_to', 'ema_uni_name_to', 'ema_uni_subject', 'ema_uni_identificacao']),
    );
    expect(bruno).not.toHaveProperty('total');
    expect(bruno).not.toHaveProperty('events');
  });

  it('counts the matches of a search in the same query, and past the last page', async () => {
    const search = await list('searchTerm=CLIENTE&limit=1&offset=0');
    expect(search.pagination).toEqual({ offset: 0, limit: 1, rowCount: 2, pageCount: 2 });
    expect(search.emails).toHaveLength(1);
    const past = await list('searchTerm=cliente&limit=25&offset=25');
    expect(past.emails).toEqual([]);
    expect(past.pagination.rowCount).toBe(2);
    const none = await list('searchTerm=ninguem');
    expect(none.pagination).toEqual({ offset: 0, limit: 25, rowCount: 0, pageCount: 1 });
    const pastAll = await list('offset=50');
    expect(pastAll.pagination.rowCount).toBe(3);
  });

  it('sorts by the allowed columns', async () => {
    const byTo = await list('column=ema_uni_to&order=ASC');
    expect(byTo.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual([
      'alice@cliente.test',
      'bruno@outro.test',
      'carla@cliente.test',
    ]);
    const status = await list(`searchStatus=${encodeURIComponent(JSON.stringify({ email: ['processed'] }))}&column=ema_uni_to&order=DESC`);
    expect(status.pagination.rowCount).toBe(3);
    expect(status.emails[0].ema_uni_to).toBe('carla@cliente.test');
  });
});
