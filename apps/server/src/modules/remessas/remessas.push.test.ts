import { type RemessaStatusPush, SOCKET_PATH } from '@ar/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { csvOf, remessaOf, settled, uploadBody } from '../../../test/remessa-files.ts';

/**
 * A batch file's progress reaches its owner's open Remessas page through the socket
 * (docs/remessas.md, docs/realtime.md): migration 0034's triggers on `remessas` NOTIFY each step
 * after its commit and the socket pushes `remessaStatus` to the owner's sockets only; the file's
 * messages follow as `emailStatus`. PGlite here, PostgreSQL with TEST_DATABASE_URL; a worker in
 * another process: realtime.processes.test.ts.
 */
const { app } = useSinkApp({ startQueue: true });

let base = '';
const sockets: Socket[] = [];
beforeAll(async () => {
  await app.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  for (const s of sockets) s.close();
});

type Received = { event: string; payload: unknown };

/** A signed-in socket as the web app opens it, recording every event after its totals. */
async function signedIn(login: string) {
  const token = await app.t.login(login);
  const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: Received[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  socket.emit('hasNotifyUser', { user: 'x', token });
  await until(events, (e) => e.some((x) => x.event === 'totalAlertas'));
  events.length = 0;
  return { socket, events, headers: { authorization: `Bearer ${token}` } };
}

/** Waits until `done(events)` holds (the events keep arriving while it waits). */
async function until(events: Received[], done: (events: Received[]) => boolean, ms = 20_000) {
  const start = Date.now();
  while (!done(events)) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms; got ${JSON.stringify(events).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const remessaPushes = (events: Received[]) =>
  events.filter((e) => e.event === 'remessaStatus').flatMap((e) => (e.payload as RemessaStatusPush).remessas);

const owner = async (login: string) =>
  (await app.t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirstOrThrow()).usu_codigo;

describe('remessas: progress through the socket', () => {
  it('pushes each step of a file to its owner’s sockets once committed, and to no other user', async () => {
    const ana = await signedIn('usuario@demo.local');
    const bia = await signedIn('gerente@demo.local');
    const model = await app.call('POST', '/modelos', ana.headers, {
      mod_name: 'Modelo push',
      mod_subject: 'Aviso',
      mod_content: '<p>Prezado(a) *|NOME|*.</p>',
    });
    expect(model.statusCode).toBe(201);
    await app.t.ctx.db
      .updateTable('planos')
      .set({ pla_total_credito: 100 })
      .where('pla_nivel', '=', 1)
      .where('pla_codigo_usu_ent', '=', await owner('usuario@demo.local'))
      .execute();
    ana.events.length = 0;

    const res = await app.call(
      'POST',
      '/remessas/upload',
      ana.headers,
      uploadBody(
        csvOf([
          ['P-1', 'Aviso', 'Paula', 'paula@cliente.test', '', '', 'Modelo push', ''],
          ['P-2', 'Aviso', 'Pedro', 'pedro@cliente.test', '', '', 'Modelo push', ''],
          ['P-3', 'Aviso', 'Priscila', 'isto-nao-e-email', '', '', 'Modelo push', ''],
        ]),
        'push.csv',
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().rem_codigo as number;

    // The last push of the file is its final state; the moment it arrives, the list shows it.
    await until(ana.events, (e) =>
      remessaPushes(e).some((r) => r.rem_codigo === id && r.rem_status_processamento === 'PROCESSADO_COM_FALHAS'),
    );
    const listed = (await app.call('GET', '/remessas?tipo=sucesso', ana.headers))
      .json()
      .data.find((r: { rem_codigo: number }) => r.rem_codigo === id);
    expect(listed).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', progresso: { enfileiradas: 2 } });
    const final = await settled(app.t.ctx.db, id);
    const failure = await remessaOf(app.t.ctx.db, id);

    const mine = remessaPushes(ana.events).filter((r) => r.rem_codigo === id);
    // Every step in the worker's order: received, validated, paid for, lines queued, done.
    const steps = mine.map((r) => r.rem_status_processamento).filter((s, i, all) => s !== all[i - 1]);
    expect(steps).toEqual(['AGUARDANDO_VALIDACAO', 'PROCESSADO', 'EM_PROCESSAMENTO', 'PROCESSADO_COM_FALHAS']);
    expect(mine[0]).toEqual({
      rem_codigo: id,
      rem_status_processamento: 'AGUARDANDO_VALIDACAO',
      rem_quantidade_registros: 0,
      rem_enfileiradas: 0,
      rem_falhas: 0,
      rem_origem: null,
    });
    expect(mine.some((r) => r.rem_status_processamento === 'EM_PROCESSAMENTO' && r.rem_enfileiradas === 2)).toBe(true);
    expect(mine.at(-1)).toEqual({
      rem_codigo: id,
      rem_status_processamento: 'PROCESSADO_COM_FALHAS',
      rem_quantidade_registros: 3,
      rem_enfileiradas: final.rem_enfileiradas,
      rem_falhas: final.rem_falhas,
      rem_origem: null,
    });
    expect(final).toMatchObject({ rem_enfileiradas: 2, rem_falhas: 1 });
    // One remessa per file: the refused line is inside it, no second remessa is pushed.
    expect(remessaPushes(ana.events).filter((r) => r.rem_codigo !== id || r.rem_origem !== null)).toEqual([]);
    expect(failure?.motivo_falha).toContain('Linha ');
    // The file's messages going out come as emailStatus of the user's messages.
    const messages = await app.t.ctx.db
      .selectFrom('remessa_linhas')
      .select('cod_email')
      .where('rem_codigo', '=', id)
      .where('cod_email', 'is not', null)
      .execute();
    await until(ana.events, (e) => {
      const sent = new Set(
        e
          .filter((x) => x.event === 'emailStatus')
          .flatMap((x) =>
            (x.payload as { emails: { id: number; status: string }[] }).emails.filter((m) => m.status === 'send').map((m) => m.id),
          ),
      );
      return messages.every((m) => sent.has(m.cod_email as number));
    });
    // Another user heard nothing of it.
    expect(bia.events.filter((e) => e.event === 'remessaStatus' || e.event === 'emailStatus')).toEqual([]);

    // A rolled-back change pushes nothing; a statement that changes nothing the page shows neither;
    // a committed one does.
    ana.events.length = 0;
    await app.t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('remessas').set({ rem_status_processamento: 'ERRO_SISTEMA' }).where('rem_codigo', '=', id).execute();
        throw new Error('desfeito');
      })
      .catch(() => {});
    await app.t.ctx.db.updateTable('remessas').set({ rem_data_processamento: new Date() }).where('rem_codigo', '=', id).execute();
    await new Promise((r) => setTimeout(r, 500));
    expect(remessaPushes(ana.events)).toEqual([]);
    await app.t.ctx.db.updateTable('remessas').set({ rem_falhas: 2 }).where('rem_codigo', '=', id).execute();
    await until(ana.events, (e) => remessaPushes(e).length > 0);
    expect(remessaPushes(ana.events)).toEqual([{ ...mine.at(-1), rem_falhas: 2 }]);
    expect(bia.events.filter((e) => e.event === 'remessaStatus')).toEqual([]);
  }, 60_000);
});
