import { WHITELIST_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp } from '../../../test/harness.ts';

const app = useTestApp();
const call = app.call;
const as = app.signIns({ ana: 'usuario@demo.local', bob: 'gerente@demo.local' });

describe('/v2/whitelist', () => {
  it('answers 401 without a session', async () => {
    expect((await call('GET', '/whitelist', {})).statusCode).toBe(401);
    expect((await call('POST', '/whitelist', {}, { whi_email: 'a@example.com' })).statusCode).toBe(401);
    expect((await call('DELETE', '/whitelist/1', {})).statusCode).toBe(401);
  });

  it('creates, lists (as leads[]), updates and removes an entry', async () => {
    const created = await call('POST', '/whitelist', as.ana, { whi_email: ' contato@example.com ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: WHITELIST_MSG.created, whitelist: { whi_email: 'contato@example.com' } });
    const id = created.json().whitelist.whi_codigo;
    const list = (await call('GET', '/whitelist?searchTerm=contato', as.ana)).json();
    expect(list.leads).toEqual([{ whi_codigo: id, whi_email: 'contato@example.com' }]);
    expect(list.pagination).toEqual({ offset: 0, limit: 10, rowCount: 1, pageCount: 1 });
    const updated = await call('PUT', `/whitelist/${id}`, as.ana, { whi_email: 'novo@example.com' });
    expect(updated.json()).toMatchObject({ message: WHITELIST_MSG.updated, whitelist: { whi_email: 'novo@example.com' } });
    expect((await call('GET', `/whitelist/${id}`, as.ana)).json().whi_email).toBe('novo@example.com');
    expect((await call('DELETE', `/whitelist/${id}`, as.ana)).json()).toEqual({ message: WHITELIST_MSG.removed });
    expect((await call('GET', `/whitelist/${id}`, as.ana)).statusCode).toBe(404);
  });

  it('answers 400 for a missing or invalid e-mail and 409 for a duplicate', async () => {
    expect((await call('POST', '/whitelist', as.ana, {})).json().message).toBe(WHITELIST_MSG.emailRequired);
    const bad = await call('POST', '/whitelist', as.ana, { whi_email: 'nao-e-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WHITELIST_MSG.emailInvalid);
    await call('POST', '/whitelist', as.ana, { whi_email: 'dup@example.com' });
    const dup = await call('POST', '/whitelist', as.ana, { whi_email: 'DUP@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(WHITELIST_MSG.duplicate);
    // The same address is fine for another user.
    expect((await call('POST', '/whitelist', as.bob, { whi_email: 'dup@example.com' })).statusCode).toBe(201);
  });

  it("answers 404 for another user's entry", async () => {
    const id = (await call('POST', '/whitelist', as.bob, { whi_email: 'bob@example.com' })).json().whitelist.whi_codigo;
    expect((await call('GET', `/whitelist/${id}`, as.ana)).statusCode).toBe(404);
    expect((await call('PUT', `/whitelist/${id}`, as.ana, { whi_email: 'x@example.com' })).statusCode).toBe(404);
    expect((await call('DELETE', `/whitelist/${id}`, as.ana)).statusCode).toBe(404);
    expect((await call('GET', `/whitelist/${id}`, as.bob)).json().whi_email).toBe('bob@example.com');
  });

  it('answers 404 on every id route to everyone but the owner, its manager and administrator included; their writes change nothing', async () => {
    const entry = (await call('POST', '/whitelist', as.ana, { whi_email: 'so-da-ana@example.com' })).json().whitelist;
    const id = entry.whi_codigo;
    for (const login of ['gerente@demo.local', 'admin@demo.local', 'pos@demo.local']) {
      const other = await app.as(login);
      const leaks = await notFoundForOthers(app, other, [
        ['GET', `/whitelist/${id}`],
        ['PUT', `/whitelist/${id}`, { whi_email: 'roubado@example.com' }],
        ['DELETE', `/whitelist/${id}`],
      ]);
      expect(leaks, login).toEqual([]);
      expect((await call('GET', '/whitelist?searchTerm=so-da-ana&limit=1000', other)).json().leads, login).toEqual([]);
    }
    expect((await call('GET', `/whitelist/${id}`, as.ana)).json()).toEqual(entry);
  });
});
