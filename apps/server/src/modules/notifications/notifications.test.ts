import { isNewerTotals, MSG, NOTIFICATION_MSG, PROOF_READY_KIND, SOCKET_PATH, type TotalAlertas } from '@ar/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';
import { recordEvent } from '../emails/events.ts';
import { unreadTotalsOfRecipient } from './notifications.queries.ts';
import { raiseNotification } from './notifications.service.ts';

/** The snapshot totals were read in (`xmax:running`, isNewerTotals). */
const VERSAO = expect.stringMatching(/^\d+:\d+$/);

/**
 * Stored notifications over HTTP and the realtime socket in one process (docs/realtime.md); the
 * same on PostgreSQL with TEST_DATABASE_URL. Several processes: realtime.processes.test.ts.
 */
const t = useTestApp({}, { startQueue: true, startWorkers: false });
const as = t.signIns({ ana: 'usuario@demo.local', bia: 'gerente@demo.local' });

let base = '';
const sockets: Socket[] = [];
beforeAll(async () => {
  await t.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  for (const s of sockets) s.close();
});

const userId = async (login: string) =>
  (await t.t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirstOrThrow()).usu_codigo;
const tokenOf = (headers: Record<string, string>) => (headers.authorization ?? '').replace('Bearer ', '');

/** A socket.io-client connection as the web app opens it, recording every event it receives. */
function client() {
  const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  const next = (event: string, ms = 4000) =>
    new Promise<unknown>((resolve, reject) => {
      const seen = events.findIndex((e) => e.event === event);
      if (seen >= 0) return resolve(events.splice(seen, 1)[0]?.payload);
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms (got ${events.map((e) => e.event).join(', ')})`)), ms);
      socket.on(event, function once(payload: unknown) {
        clearTimeout(timer);
        socket.off(event, once);
        const i = events.findIndex((e) => e.event === event);
        if (i >= 0) events.splice(i, 1);
        resolve(payload);
      });
    });
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  return { socket, events, next, closed };
}

/**
 * The next `totalAlertas` whose totals differ from `from`. On PostgreSQL a push goes through the
 * socket.io adapter's NOTIFY, so one sent before the socket joined (the clearing at a test's start)
 * may still reach it after: a push that changes nothing is not the one a test waits for.
 */
async function nextChangedTotals(c: { next(event: string): Promise<unknown> }, from: unknown): Promise<unknown> {
  for (;;) {
    const totals = await c.next('totalAlertas');
    // The counts, not the version: every reading has a version of its own.
    const counts = (t: unknown) => JSON.stringify({ ...(t as object), versao: undefined });
    if (counts(totals) !== counts(from)) return totals;
  }
}

async function signedIn(headers: Record<string, string>, user: unknown = 'qualquer') {
  const c = client();
  await new Promise<void>((resolve) => c.socket.on('connect', () => resolve()));
  c.socket.emit('hasNotifyUser', { user, token: tokenOf(headers) });
  const totals = await c.next('totalAlertas');
  return { ...c, totals };
}

describe('notifications over HTTP', () => {
  it('answers 401 without a session', async () => {
    expect(
      await withoutSession(t, ['GET /notificacoes', 'GET /notificacoes/total', 'DELETE /notificacoes', 'DELETE /notificacoes/1']),
    ).toEqual([]);
  });

  it('keeps a raised notification until the user clears it; clearing is per user and per sector', async () => {
    const ana = await userId('usuario@demo.local');
    const bia = await userId('gerente@demo.local');
    await raiseNotification(t.t.ctx, { userId: ana, sector: 1, kind: PROOF_READY_KIND, reference: '42', text: 'Comprovante pronto' });
    await raiseNotification(t.t.ctx, { userId: ana, sector: 2, kind: 'aviso', reference: null, text: 'Aviso de e-mail' });
    await raiseNotification(t.t.ctx, { userId: bia, sector: 1, kind: PROOF_READY_KIND, reference: '43', text: 'Outro' });

    const list = await t.call('GET', '/notificacoes?setor=1', as.ana);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.notificacoes).toEqual([
      expect.objectContaining({ not_setor: 1, not_tipo: PROOF_READY_KIND, not_referencia: '42', not_texto: 'Comprovante pronto' }),
    ]);
    expect(body.totalAlertas).toEqual({ comprovante: 1, email: 1, sms: 0, whatsapp: 0, versao: VERSAO });
    expect((await t.call('GET', '/notificacoes', as.ana)).json().notificacoes).toHaveLength(2);
    expect((await t.call('GET', '/notificacoes/total', as.bia)).json()).toEqual({
      comprovante: 1,
      email: 0,
      sms: 0,
      whatsapp: 0,
      versao: VERSAO,
    });

    // Another user's id is not found, and stays unread.
    const id = body.notificacoes[0].not_codigo as number;
    expect(await notFoundForOthers(t, as.bia, [['DELETE', `/notificacoes/${id}`]])).toEqual([]);
    expect((await t.call('GET', '/notificacoes/total', as.ana)).json().comprovante).toBe(1);

    // Clearing sector 1 leaves sector 2 and the other user's.
    const cleared = await t.call('DELETE', '/notificacoes?setor=1', as.ana);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({
      message: NOTIFICATION_MSG.cleared,
      totalAlertas: { comprovante: 0, email: 1, sms: 0, whatsapp: 0, versao: VERSAO },
    });
    expect((await t.call('GET', '/notificacoes?setor=1', as.ana)).json().notificacoes).toEqual([]);
    expect((await t.call('GET', '/notificacoes/total', as.bia)).json().comprovante).toBe(1);

    const other = (await t.call('GET', '/notificacoes', as.ana)).json().notificacoes[0].not_codigo as number;
    const one = await t.call('DELETE', `/notificacoes/${other}`, as.ana);
    expect(one.json()).toEqual({
      message: NOTIFICATION_MSG.clearedOne,
      totalAlertas: { comprovante: 0, email: 0, sms: 0, whatsapp: 0, versao: VERSAO },
    });
    await t.call('DELETE', '/notificacoes', as.bia);
  });

  it('versions the totals by the snapshot they were read in: a reading taken while a clear runs is older than one after its commit', async () => {
    const ana = await userId('usuario@demo.local');
    await raiseNotification(t.t.ctx, { userId: ana, sector: 2, kind: 'aviso', reference: null, text: 'Aviso' });
    const total = async () => (await t.call('GET', '/notificacoes/total', as.ana)).json() as TotalAlertas;
    const before = await total();
    expect(before.email).toBe(1);
    expect(isNewerTotals(before, before)).toBe(true);
    if (process.env.TEST_DATABASE_URL) {
      // The clear's transaction has written and not committed, and a newer one (Bia's notification)
      // has: a reading now still counts 1, its xmax past both, the clear among the running. After
      // the clear's commit: the same xmax, one fewer running. (Read straight, not over HTTP, so no
      // request writes between the two readings.)
      const bia = await userId('gerente@demo.local');
      const read = () => unreadTotalsOfRecipient(t.t.ctx.db, { cod_usu: ana });
      let during: TotalAlertas | undefined;
      await t.t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('notificacoes').set({ not_lida_em: new Date() }).where('cod_usu', '=', ana).execute();
        await raiseNotification(t.t.ctx, { userId: bia, sector: 2, kind: 'aviso', reference: null, text: 'Outro aviso' });
        during = await read();
      });
      const after = await read();
      expect([during?.email, after.email]).toEqual([1, 0]);
      expect(isNewerTotals(after, during as TotalAlertas)).toBe(true);
      expect(isNewerTotals(during as TotalAlertas, after)).toBe(false);
      expect(isNewerTotals(during as TotalAlertas, before)).toBe(true);
    } else {
      // PGlite has one connection: a reading cannot run beside the clear, only after it.
      const cleared = (await t.call('DELETE', '/notificacoes?setor=2', as.ana)).json().totalAlertas as TotalAlertas;
      const after = await total();
      expect([cleared.email, after.email]).toEqual([0, 0]);
      expect(isNewerTotals(cleared, before)).toBe(true);
      expect(isNewerTotals(before, cleared)).toBe(false);
      expect(isNewerTotals(after, cleared)).toBe(true);
    }
    await t.call('DELETE', '/notificacoes', as.ana);
    await t.call('DELETE', '/notificacoes', as.bia);
  });

  it('refuses a sector that does not exist with a Portuguese message', async () => {
    for (const setor of ['9', '0', 'x', '1.5']) {
      const res = await t.call('GET', `/notificacoes?setor=${setor}`, as.ana);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOTIFICATION_MSG.invalidSector);
    }
    expect((await t.call('DELETE', '/notificacoes/999999', as.ana)).statusCode).toBe(404);
  });
});

describe('the socket at /v2/socket.io', () => {
  it('sends totalAlertas on hasNotifyUser, and the token decides the user whatever `user` says', async () => {
    const ana = await userId('usuario@demo.local');
    const bia = await userId('gerente@demo.local');
    await raiseNotification(t.t.ctx, { userId: bia, sector: 3, kind: 'aviso', reference: null, text: 'SMS' });
    // Ana's token, Bia's id in `user`: Ana's totals, Ana's room.
    const socket = await signedIn(as.ana, { usu_codigo: bia });
    expect(socket.totals).toEqual({ comprovante: 0, email: 0, sms: 0, whatsapp: 0, versao: VERSAO });
    const biaSocket = await signedIn(as.bia, { usu_codigo: ana });
    expect(biaSocket.totals).toEqual({ comprovante: 0, email: 0, sms: 1, whatsapp: 0, versao: VERSAO });

    await raiseNotification(t.t.ctx, {
      userId: ana,
      sector: 1,
      kind: PROOF_READY_KIND,
      reference: '77',
      text: 'Comprovantes de 01/11/2026 até 30/11/2026 pronto',
    });
    expect(await nextChangedTotals(socket, socket.totals)).toEqual({ comprovante: 1, email: 0, sms: 0, whatsapp: 0, versao: VERSAO });
    expect(await socket.next('notifyByProofs')).toEqual({
      reference: '77',
      text: 'Comprovantes de 01/11/2026 até 30/11/2026 pronto',
      totalAlertas: { comprovante: 1, email: 0, sms: 0, whatsapp: 0, versao: VERSAO },
    });
    // Clearing over HTTP tells the user's sockets too; Bia heard nothing of Ana's.
    await t.call('DELETE', '/notificacoes?setor=1', as.ana);
    expect(await socket.next('totalAlertas')).toEqual({ comprovante: 0, email: 0, sms: 0, whatsapp: 0, versao: VERSAO });
    expect(biaSocket.events).toEqual([]);
    await t.call('DELETE', '/notificacoes', as.bia);
  });

  it('refuses and closes a bad or expired token', async () => {
    const c = client();
    await new Promise<void>((resolve) => c.socket.on('connect', () => resolve()));
    c.socket.emit('hasNotifyUser', { user: 1, token: 'x'.repeat(43) });
    expect(await c.next('unauthorized')).toEqual({ message: MSG.sessionExpired });
    expect(await c.closed).toBe('io server disconnect');

    // A session that ended (expired) is refused the same way.
    const headers = await t.as('usuario@demo.local');
    await t.t.ctx.db
      .updateTable('sessoes')
      .set({ ses_expira: new Date(Date.now() - 1000) })
      .where('cod_usu', '=', await userId('usuario@demo.local'))
      .where('ses_token_hash', 'is not', null)
      .execute();
    const expired = client();
    await new Promise<void>((resolve) => expired.socket.on('connect', () => resolve()));
    expired.socket.emit('hasNotifyUser', { user: 1, token: tokenOf(headers) });
    expect(await expired.next('unauthorized')).toEqual({ message: MSG.sessionExpired });
    expect(await expired.closed).toBe('io server disconnect');
  });

  it('closes a connection that does not authenticate within a few seconds', async () => {
    const c = client();
    expect(await c.next('unauthorized', 8000)).toEqual({ message: MSG.sessionExpired });
    expect(await c.closed).toBe('io server disconnect');
  }, 10_000);

  it('pushes the status changes of the user’s messages once their transaction commits, not a rolled-back one', async () => {
    const headers = await t.as('usuario@demo.local');
    const socket = await signedIn(headers);
    const sent = await t.call('POST', '/emails/send', headers, {
      destinataires: [{ to: 'cliente@cliente.test', nameTo: 'Cliente' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Aviso',
      content: '<p>Olá</p>',
    });
    expect(sent.statusCode).toBe(200);
    const row = await t.t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_codigo', 'ema_uni_id'])
      .where('ema_uni_name_to', '=', 'Cliente')
      .orderBy('ema_uni_codigo', 'desc')
      .executeTakeFirstOrThrow();
    socket.events.length = 0;

    // Rolled back: nothing is pushed.
    await t.t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await recordEvent(trx, { cod_email: row.ema_uni_codigo, canal: 'email', tipo: 'delivered' });
        throw new Error('desfeito');
      })
      .catch(() => {});
    // Committed: pushed with the message's id, uuid and the channel's status now.
    await recordEvent(t.t.ctx.db, { cod_email: row.ema_uni_codigo, canal: 'email', tipo: 'read', detalhes: { classificacao: 'pessoa' } });
    expect(await socket.next('emailStatus')).toEqual({
      emails: [{ id: row.ema_uni_codigo, uuid: row.ema_uni_id, canal: 'email', status: 'read' }],
    });
    expect(socket.events.filter((e) => e.event === 'emailStatus')).toEqual([]);
    // The letter's status too (migration 0030): a letter posted reaches the sender's open screens.
    await recordEvent(t.t.ctx.db, { cod_email: row.ema_uni_codigo, canal: 'carta', tipo: 'send' });
    expect(await socket.next('emailStatus')).toEqual({
      emails: [{ id: row.ema_uni_codigo, uuid: row.ema_uni_id, canal: 'carta', status: 'send' }],
    });
    // A step that is evidence without a status (a letter in transit, a call's recording) reaches the
    // open screens too, with the channel's status unchanged; not when rolled back.
    await t.t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await recordEvent(trx, { cod_email: row.ema_uni_codigo, canal: 'carta', tipo: 'processed', affectsStatus: false });
        throw new Error('desfeito');
      })
      .catch(() => {});
    await recordEvent(t.t.ctx.db, {
      cod_email: row.ema_uni_codigo,
      canal: 'carta',
      tipo: 'processed',
      affectsStatus: false,
      detalhes: { etapa: 'em trânsito' },
    });
    expect(await socket.next('emailStatus')).toEqual({
      emails: [{ id: row.ema_uni_codigo, uuid: row.ema_uni_id, canal: 'carta', status: 'send' }],
    });
    expect(socket.events.filter((e) => e.event === 'emailStatus')).toEqual([]);
  });

  it('raises an e-mail notification when a message is read or confirmed, once per kind (an open by the image then a read is one), and pushes the totals', async () => {
    const headers = await t.as('gerente@demo.local');
    await t.call('DELETE', '/notificacoes', headers);
    const socket = await signedIn(headers);
    expect(socket.totals).toEqual({ comprovante: 0, email: 0, sms: 0, whatsapp: 0, versao: VERSAO });
    const other = await t.as('usuario@demo.local');
    const othersBefore = (await t.call('GET', '/notificacoes/total', other)).json();
    const sent = await t.call('POST', '/emails/send', headers, {
      destinataires: [{ to: 'leitora@cliente.test', nameTo: 'Leitora' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Parcela de novembro',
      content: '<p>Olá</p>',
    });
    expect(sent.statusCode).toBe(200);
    const cod_email = sent.json().emails[0].ema_uni_codigo as number;
    // Delivered: nothing to notify. A rolled-back read: nothing either.
    await recordEvent(t.t.ctx.db, { cod_email, canal: 'email', tipo: 'delivered' });
    await t.t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await recordEvent(trx, { cod_email, canal: 'email', tipo: 'read' });
        throw new Error('desfeito');
      })
      .catch(() => {});
    expect((await t.call('GET', '/notificacoes/total', headers)).json().email).toBe(0);

    // Opened by the tracking image, then read on the page: one 'lido'; then confirmed: a second.
    await recordEvent(t.t.ctx.db, { cod_email, canal: 'email', tipo: 'track' });
    const afterTrack = await nextChangedTotals(socket, socket.totals);
    expect(afterTrack).toEqual({ comprovante: 0, email: 1, sms: 0, whatsapp: 0, versao: VERSAO });
    await recordEvent(t.t.ctx.db, { cod_email, canal: 'email', tipo: 'read' });
    await recordEvent(t.t.ctx.db, { cod_email, canal: 'email', tipo: 'acknowledged' });
    // (The read pushes the totals as they are, email 1; the confirmation's push brings 2.)
    const totals = await nextChangedTotals(socket, afterTrack);
    expect(totals).toEqual({ comprovante: 0, email: 2, sms: 0, whatsapp: 0, versao: VERSAO });
    const list = (await t.call('GET', '/notificacoes?setor=2', headers)).json().notificacoes;
    expect(list.map((n: { not_tipo: string }) => n.not_tipo)).toEqual(['status-confirmado', 'status-lido']);
    expect(list[1]).toMatchObject({ not_referencia: String(cod_email), not_texto: 'AR-Email lido: Leitora · "Parcela de novembro"' });
    // Another user heard nothing and has nothing.
    expect((await t.call('GET', '/notificacoes/total', other)).json()).toEqual({ ...othersBefore, versao: VERSAO });
    await t.call('DELETE', '/notificacoes', headers);
  });

  it('closes the session’s sockets on logout', async () => {
    const headers = await t.as('usuario@demo.local');
    const socket = await signedIn(headers);
    expect((await t.call('POST', '/logout', headers)).statusCode).toBeLessThan(300);
    expect(await socket.closed).toBe('io server disconnect');
  });
});
