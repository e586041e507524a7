import { LABEL_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';

const app = useTestApp();
const call = app.call;
const as = app.signIns({ ana: 'usuario@demo.local', bob: 'gerente@demo.local' });

describe('/v2/etiquetas', () => {
  it('answers 401 without a session', async () => {
    expect(
      await withoutSession(app, ['GET /etiquetas', 'GET /etiquetas/1', 'POST /etiquetas', 'PUT /etiquetas/1', 'DELETE /etiquetas/1']),
    ).toEqual([]);
  });

  it('creates, reads, updates and deletes a label of its own', async () => {
    const created = await call('POST', '/etiquetas', as.ana, { eti_nome: ' Urgente ', eti_cor: '#FF0000' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: LABEL_MSG.created, etiqueta: { eti_nome: 'Urgente', eti_cor: '#ff0000' } });
    const id = created.json().etiqueta.eti_codigo;
    expect((await call('GET', `/etiquetas/${id}`, as.ana)).json()).toEqual({ eti_codigo: id, eti_nome: 'Urgente', eti_cor: '#ff0000' });
    const updated = await call('PUT', `/etiquetas/${id}`, as.ana, { eti_nome: 'Importante', eti_cor: '194d33' });
    expect(updated.json()).toMatchObject({ message: LABEL_MSG.updated, etiqueta: { eti_nome: 'Importante', eti_cor: '#194d33' } });
    const removed = await call('DELETE', `/etiquetas/${id}`, as.ana);
    expect(removed.json()).toEqual({ message: LABEL_MSG.removed });
    expect((await call('GET', `/etiquetas/${id}`, as.ana)).statusCode).toBe(404);
  });

  it('answers 400 with the spec message for a bad colour and for a bad name, changing nothing', async () => {
    let res = await call('POST', '/etiquetas', as.ana, { eti_nome: 'Cor', eti_cor: 'vermelho' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LABEL_MSG.invalidColor);
    res = await call('POST', '/etiquetas', as.ana, { eti_nome: 'x'.repeat(61), eti_cor: '#000000' });
    expect(res.json().message).toBe(LABEL_MSG.nameTooLong);
    res = await call('POST', '/etiquetas', as.ana, { eti_nome: '', eti_cor: '#000000' });
    expect(res.json().message).toBe(LABEL_MSG.nameRequired);
    expect((await call('GET', '/etiquetas?searchTerm=Cor', as.ana)).json().pagination.rowCount).toBe(0);
  });

  it('refuses a second label of the same name, case and accents aside, with 409 and a Portuguese message, changing nothing', async () => {
    const first = await call('POST', '/etiquetas', as.ana, { eti_nome: 'Jurídico', eti_cor: '#1971c2' });
    expect(first.statusCode).toBe(201);
    const id = first.json().etiqueta.eti_codigo;
    for (const eti_nome of ['Jurídico', 'JURIDICO', 'juridico', ' Juri\u0301dico ', 'jurídico  ']) {
      const res = await call('POST', '/etiquetas', as.ana, { eti_nome, eti_cor: '#000000' });
      expect(res.statusCode, eti_nome).toBe(409);
      expect(res.json()).toEqual({ message: LABEL_MSG.duplicateName });
    }
    const other = (await call('POST', '/etiquetas', as.ana, { eti_nome: 'Financeiro', eti_cor: '#000000' })).json().etiqueta.eti_codigo;
    // Renaming another label to the name is refused; the label itself may change its case.
    const rename = await call('PUT', `/etiquetas/${other}`, as.ana, { eti_nome: 'JURÍDICO', eti_cor: '#000000' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(LABEL_MSG.duplicateName);
    const recase = await call('PUT', `/etiquetas/${id}`, as.ana, { eti_nome: 'JURÍDICO', eti_cor: '#1971c2' });
    expect(recase.statusCode).toBe(200);
    const names = (await call('GET', '/etiquetas?limit=1000', as.ana)).json().etiquetas.map((e: { eti_nome: string }) => e.eti_nome);
    expect(names.filter((n: string) => n.toLowerCase().startsWith('jur'))).toEqual(['JURÍDICO']);
    expect(names).toContain('Financeiro');
    // Another user's labels are theirs: the same name is free for them.
    expect((await call('POST', '/etiquetas', as.bob, { eti_nome: 'Jurídico', eti_cor: '#000000' })).statusCode).toBe(201);
    // Different names stay different.
    const second = await call('POST', '/etiquetas', as.ana, { eti_nome: 'Jurídico 2', eti_cor: '#000000' });
    expect(second.statusCode).toBe(201);
    // The labels this test made go, for the paging test's counts.
    for (const made of [id, other, second.json().etiqueta.eti_codigo]) await call('DELETE', `/etiquetas/${made}`, as.ana);
  });

  it("answers 404 for another user's label on every call", async () => {
    const id = (await call('POST', '/etiquetas', as.bob, { eti_nome: 'Do Bob', eti_cor: '#123456' })).json().etiqueta.eti_codigo;
    const leaks = await notFoundForOthers(app, as.ana, [
      ['GET', `/etiquetas/${id}`],
      ['PUT', `/etiquetas/${id}`, { eti_nome: 'Roubada', eti_cor: '#123456' }],
      ['DELETE', `/etiquetas/${id}`],
    ]);
    expect(leaks).toEqual([]);
    expect(
      (await call('GET', '/etiquetas?limit=1000', as.ana)).json().etiquetas.map((e: { eti_nome: string }) => e.eti_nome),
    ).not.toContain('Do Bob');
    expect((await call('GET', `/etiquetas/${id}`, as.bob)).json().eti_nome).toBe('Do Bob');
    expect((await call('GET', '/etiquetas/abc', as.ana)).statusCode).toBe(404);
  });

  it('pages, sorts and searches by ID or name', async () => {
    const ids: number[] = [];
    for (const nome of ['Beta', 'Alfa', 'Gama', 'Delta 100%']) {
      ids.push((await call('POST', '/etiquetas', as.ana, { eti_nome: nome, eti_cor: '#abcdef' })).json().etiqueta.eti_codigo);
    }
    const first = (await call('GET', '/etiquetas?limit=2&offset=0', as.ana)).json();
    expect(first.pagination).toEqual({ offset: 0, limit: 2, rowCount: 4, pageCount: 2 });
    expect(first.etiquetas.map((e: { eti_codigo: number }) => e.eti_codigo)).toEqual(ids.slice(0, 2));
    const byName = (await call('GET', '/etiquetas?column=eti_nome&order=DESC', as.ana)).json();
    expect(byName.etiquetas.map((e: { eti_nome: string }) => e.eti_nome)).toEqual(['Gama', 'Delta 100%', 'Beta', 'Alfa']);
    expect((await call('GET', '/etiquetas?searchTerm=alf', as.ana)).json().etiquetas).toHaveLength(1);
    expect((await call('GET', `/etiquetas?searchTerm=${ids[2]}`, as.ana)).json().etiquetas[0].eti_nome).toBe('Gama');
    expect((await call('GET', '/etiquetas?searchTerm=0%25', as.ana)).json().etiquetas[0].eti_nome).toBe('Delta 100%');
    expect((await call('GET', '/etiquetas?column=senha', as.ana)).statusCode).toBe(400);
  });
});
