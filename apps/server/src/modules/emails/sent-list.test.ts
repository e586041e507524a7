import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { SearchMatches, searchMatchesOf } from './search-matches.ts';

const app = useTestApp({}, { startQueue: true, startWorkers: false });
let token: string;

const list = async (query: string) => {
  const res = await app.call('GET', `/emails/send?${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  const res = await app.t.send(token, {
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

describe('GET /v2/emails/send (one query per page)', () => {
  it('answers each row with its tags and last status per channel, and the pagination', async () => {
    const tag = (await app.call('POST', '/etiquetas', token, { eti_nome: 'Zeta', eti_cor: '#c92a2a' })).json().etiqueta;
    const tag2 = (await app.call('POST', '/etiquetas', token, { eti_nome: 'Alfa', eti_cor: '#1971c2' })).json().etiqueta;
    const first = await list('limit=2&offset=0');
    expect(first.pagination).toEqual({ offset: 0, limit: 2, rowCount: 3, pageCount: 2 });
    expect(first.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual(['bruno@outro.test', 'alice@cliente.test']);
    const id = first.emails[0].ema_uni_codigo;
    await app.call('POST', `/emails/send/${id}/etiquetas`, token, [tag.eti_codigo, tag2.eti_codigo]);
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

  it('finds a term by the beginning of its words, the words as typed together, and a part inside a word when no word matches', async () => {
    // Another user's messages, so the other tests' lists stay as they are.
    const other = await app.t.login('gerente@demo.local');
    const sent = await app.t.send(other, {
      destinataires: [
        { to: 'joao.silva@exemplo-sa.test', nameTo: 'João' },
        { to: 'maria@exemplo-sa.test', nameTo: 'Maria' },
      ],
      nameFrom: 'Cobranca Demo',
      subject: 'Processo 0001234-56.2024.8.26.0100',
      identificacao: 'Contrato 1234',
      content: '<p>Olá</p>',
    });
    expect(sent.statusCode).toBe(200);
    const tos = async (term: string) => {
      const res = await app.call('GET', `/emails/send?searchTerm=${encodeURIComponent(term)}`, other);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)
        .sort();
    };
    const both = ['joao.silva@exemplo-sa.test', 'maria@exemplo-sa.test'];
    // Words by their beginning: part of an e-mail, a surname, a process number's pieces, any case.
    expect(await tos('silva')).toEqual(['joao.silva@exemplo-sa.test']);
    expect(await tos('exemplo')).toEqual(both);
    expect(await tos('0001234-56')).toEqual(both);
    expect(await tos('CONTRATO 12')).toEqual(both);
    // The words must stand together as typed: both are in the text, not side by side.
    expect(await tos('contrato 2024')).toEqual([]);
    expect(await tos('1234 contrato')).toEqual([]);
    // No word begins so: the part inside a word is found (the trigram search).
    expect(await tos('ilva@')).toEqual(['joao.silva@exemplo-sa.test']);
    expect(await tos('xemplo-s')).toEqual(both);
    // Only punctuation: the substring search alone.
    expect(await tos('@')).toEqual(both);
    expect(await tos('%')).toEqual([]);
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

describe("a search kept while the user's messages are the same (search-matches.ts)", () => {
  const ids = (page: { emails: { ema_uni_codigo: number }[] }) => page.emails.map((e) => e.ema_uni_codigo);
  const kept = () => searchMatchesOf(app.t.ctx.db);

  it('pages through the kept ids, and a new matching message shows on the next request', async () => {
    const first = await list('searchTerm=kept&limit=2&offset=0');
    expect(first.pagination.rowCount).toBe(0);
    const res = await app.t.send(token, {
      destinataires: [1, 2, 3].map((n) => ({ to: `kept${n}@cliente.test`, nameTo: `Kept ${n}` })),
      nameFrom: 'Cobranca Demo',
      subject: 'Outro aviso',
      content: '<p>Olá</p>',
    });
    expect(res.statusCode).toBe(200);
    // The send bumped the user's version: the empty answer kept above is not used again.
    const page1 = await list('searchTerm=kept&limit=2&offset=0');
    expect(page1.pagination).toEqual({ offset: 0, limit: 2, rowCount: 3, pageCount: 2 });
    expect(page1.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual(['kept3@cliente.test', 'kept2@cliente.test']);
    const page2 = await list('searchTerm=KEPT&limit=2&offset=2');
    expect(page2.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual(['kept1@cliente.test']);
    expect(page2.pagination.rowCount).toBe(3);
    expect(page2.emails[0].lastStatus.email.type).toBe('processed');
    const past = await list('searchTerm=kept&limit=2&offset=4');
    expect(past).toMatchObject({ emails: [], pagination: { rowCount: 3 } });

    // Status changes do not touch a search's ids; the page shows the current status.
    await app.t.ctx.db.updateTable('emails').set({ ema_status_email: 'send' }).where('ema_uni_to', '=', 'kept1@cliente.test').execute();
    expect(ids(await list('searchTerm=kept&limit=2&offset=2'))).toEqual(ids(page2));

    // Sorted another way, the same search is another list, in that order.
    const byTo = await list('searchTerm=kept&column=ema_uni_to&order=ASC&limit=25');
    expect(byTo.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual([
      'kept1@cliente.test',
      'kept2@cliente.test',
      'kept3@cliente.test',
    ]);
    expect(kept().size).toBeGreaterThanOrEqual(2);
  });

  it("answers what the uncached query answers, and never another user's messages", async () => {
    const gerente = await app.t.login('gerente@demo.local');
    const other = await app.t.send(gerente, {
      destinataires: [{ to: 'kept9@cliente.test', nameTo: 'Kept 9' }],
      nameFrom: 'Gerente',
      subject: 'Do gerente',
      content: '<p>Olá</p>',
    });
    expect(other.statusCode).toBe(200);
    const mine = await list('searchTerm=kept&limit=25');
    expect(mine.emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).not.toContain('kept9@cliente.test');
    // The same search by the other user, right after: its own ids, never the first user's kept ones.
    const theirs = await app.call('GET', '/emails/send?searchTerm=kept&limit=25', gerente);
    expect(theirs.json().emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual(['kept9@cliente.test']);
    expect(theirs.json().pagination.rowCount).toBe(1);
    // A status filter is never kept: the same search with one is read directly, and agrees.
    const direct = await list(
      `searchTerm=kept&limit=25&searchStatus=${encodeURIComponent(JSON.stringify({ email: ['processed', 'send'] }))}`,
    );
    expect(ids(direct)).toEqual(ids(mine));
    expect(direct.pagination).toEqual(mine.pagination);
  });

  it('a message written or removed by anyone else (another process, by hand) moves the version too', async () => {
    const before = await list('searchTerm=kept&limit=25');
    // A bare copy of one of the user's messages, inserted straight into the table.
    const {
      rows: [copy],
    } = await sql<{ ema_uni_codigo: number }>`
      INSERT INTO emails (cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
        ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, ema_uni_creditos, ema_status_email, ema_uni_busca)
      SELECT cod_usu, cod_ger_entidade, gen_random_uuid(), ema_uni_name_from, ema_uni_from, 'Kept 4', 'kept4@cliente.test',
        ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, 0, 'processed', 'kept4@cliente.test'
      FROM emails WHERE ema_uni_codigo = ${before.emails[0].ema_uni_codigo}
      RETURNING ema_uni_codigo`.execute(app.t.ctx.db);
    const added = await list('searchTerm=kept&limit=25');
    expect(ids(added)).toEqual([copy.ema_uni_codigo, ...ids(before)]);
    expect(added.pagination.rowCount).toBe(before.pagination.rowCount + 1);
    await app.t.ctx.db.deleteFrom('emails').where('ema_uni_codigo', '=', copy.ema_uni_codigo).execute();
    const removed = await list('searchTerm=kept&limit=25');
    expect(ids(removed)).toEqual(ids(before));
    expect(removed.pagination.rowCount).toBe(before.pagination.rowCount);
  });
});

describe('SearchMatches', () => {
  it('reads a search once for concurrent requests, and forgets the oldest beyond its room', async () => {
    const m = new SearchMatches(5, 10);
    let reads = 0;
    const read = (n: number) => async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return { version: '1', ids: Int32Array.from({ length: n }, (_, i) => i) };
    };
    const [a, b] = await Promise.all([m.load('a', read(2)), m.load('a', read(2))]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    await m.load('b', read(3));
    expect(m.get('a')).toBeDefined();
    await m.load('c', read(2)); // 2 + 3 + 2 > 5: the least recently used ('b') goes
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBeDefined();
    expect(await m.load('huge', read(6))).toMatchObject({ version: '1' });
    expect(m.get('huge')).toBeUndefined();
    m.drop('a', { version: '0', ids: new Int32Array() }); // not the kept entry: stays
    expect(m.get('a')).toBeDefined();
    m.drop('a');
    expect(m.get('a')).toBeUndefined();
  });
});
