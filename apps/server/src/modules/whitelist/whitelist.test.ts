import { WHITELIST_MSG } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ana: Record<string, string>;
let bob: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ana = bearer(await t.login('usuario@demo.local'));
  bob = bearer(await t.login('gerente@demo.local'));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/v2${url}`, headers, payload });

describe('/v2/whitelist', () => {
  it('answers 401 without a session', async () => {
    expect((await call('GET', '/whitelist', {})).statusCode).toBe(401);
    expect((await call('POST', '/whitelist', {}, { whi_email: 'a@example.com' })).statusCode).toBe(401);
    expect((await call('DELETE', '/whitelist/1', {})).statusCode).toBe(401);
  });

  it('creates, lists (as leads[]), updates and removes an entry', async () => {
    const created = await call('POST', '/whitelist', ana, { whi_email: ' contato@example.com ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: WHITELIST_MSG.created, whitelist: { whi_email: 'contato@example.com' } });
    const id = created.json().whitelist.whi_codigo;
    const list = (await call('GET', '/whitelist?searchTerm=contato', ana)).json();
    expect(list.leads).toEqual([{ whi_codigo: id, whi_email: 'contato@example.com' }]);
    expect(list.pagination).toEqual({ offset: 0, limit: 10, rowCount: 1, pageCount: 1 });
    const updated = await call('PUT', `/whitelist/${id}`, ana, { whi_email: 'novo@example.com' });
    expect(updated.json()).toMatchObject({ message: WHITELIST_MSG.updated, whitelist: { whi_email: 'novo@example.com' } });
    expect((await call('GET', `/whitelist/${id}`, ana)).json().whi_email).toBe('novo@example.com');
    expect((await call('DELETE', `/whitelist/${id}`, ana)).json()).toEqual({ message: WHITELIST_MSG.removed });
    expect((await call('GET', `/whitelist/${id}`, ana)).statusCode).toBe(404);
  });

  it('answers 400 for a missing or invalid e-mail and 409 for a duplicate', async () => {
    expect((await call('POST', '/whitelist', ana, {})).json().message).toBe(WHITELIST_MSG.emailRequired);
    const bad = await call('POST', '/whitelist', ana, { whi_email: 'nao-e-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WHITELIST_MSG.emailInvalid);
    await call('POST', '/whitelist', ana, { whi_email: 'dup@example.com' });
    const dup = await call('POST', '/whitelist', ana, { whi_email: 'DUP@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(WHITELIST_MSG.duplicate);
    // The same address is fine for another user.
    expect((await call('POST', '/whitelist', bob, { whi_email: 'dup@example.com' })).statusCode).toBe(201);
  });

  it("answers 404 for another user's entry", async () => {
    const id = (await call('POST', '/whitelist', bob, { whi_email: 'bob@example.com' })).json().whitelist.whi_codigo;
    expect((await call('GET', `/whitelist/${id}`, ana)).statusCode).toBe(404);
    expect((await call('PUT', `/whitelist/${id}`, ana, { whi_email: 'x@example.com' })).statusCode).toBe(404);
    expect((await call('DELETE', `/whitelist/${id}`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/whitelist/${id}`, bob)).json().whi_email).toBe('bob@example.com');
  });
});
