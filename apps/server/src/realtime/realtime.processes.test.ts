import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MSG, PROOF_READY_KIND, SOCKET_PATH } from '@ar/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, openTestDatabase } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { raiseNotification } from '../modules/notifications/notifications.service.ts';
import { createRuntime, type Runtime } from '../runtime.ts';

/** The snapshot totals were read in (`xmax:running`, isNewerTotals). */
const VERSAO = expect.stringMatching(/^\d+:\d+$/);

/**
 * Several server processes on one PostgreSQL (docs/realtime.md): process A is a runtime in this
 * test's process (its own pools, its own socket.io server, listening), process B is the product's
 * own `main.ts` started as a separate OS process on the same database. A notification raised on A
 * reaches a socket.io-client connected to B (through @socket.io/postgres-adapter); a status change
 * committed by B's send worker reaches a client connected to A (the trigger's NOTIFY), and so do the
 * steps of a batch file B's remessa worker takes (migration 0034's NOTIFY); a logout on
 * B closes the session's socket on A; B refuses a bad token. PGlite is one process: its path is
 * notifications.test.ts.
 */
const url = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../../..');

let database: Database;
let a: Runtime;
let b: ChildProcess;
let baseA = '';
let baseB = '';
let dataDir = '';
const sockets: Socket[] = [];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitReady(base: string, child: ChildProcess) {
  const start = Date.now();
  while (Date.now() - start < 60_000) {
    if (child.exitCode !== null) throw new Error(`process B exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/v2/status-connectivity`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('process B did not start within 60 s');
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A socket.io-client on `base`, as the web app connects, recording what it receives. */
async function client(base: string, token: string | null) {
  const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { event: string; payload: unknown }[] = [];
  const waiters: { event: string; resolve: (p: unknown) => void }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    const i = waiters.findIndex((w) => w.event === event);
    if (i >= 0) waiters.splice(i, 1)[0]?.resolve(payload);
    else events.push({ event, payload });
  });
  const next = (event: string, ms = 10_000) => {
    const seen = events.findIndex((e) => e.event === event);
    if (seen >= 0) return Promise.resolve(events.splice(seen, 1)[0]?.payload);
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      waiters.push({
        event,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  };
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  if (token !== null) socket.emit('hasNotifyUser', { user: 'x', token });
  return { socket, events, next, closed };
}

describe.skipIf(!url)('realtime across two server processes on PostgreSQL', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-realtime-'));
    const env = {
      DATABASE_URL: database.connectionString as string,
      DATA_DIR: dataDir,
      LOGIN_DELAY_MS: '0',
      CHECK_RESPONSES: 'true',
      INBOUND_SMTP_PORT: '0',
      // Both processes are the demo mode on PostgreSQL: mail captured for the local mailbox (no
      // SMTP_URL), which a server start refuses with the simulators off (config.ts, startProblems).
      SIMULATORS: 'true',
    };
    // A migrates and seeds the demo accounts; its queue takes jobs, B's workers do them.
    a = await createRuntime(loadConfig({ ...env, SEED_DEMO: 'true' }), {
      database,
      startQueue: true,
      startWorkers: false,
      serveWeb: false,
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const address = a.app.server.address();
    baseA = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const portB = await freePort();
    baseB = `http://127.0.0.1:${portB}`;
    b = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, SEED_DEMO: 'false', PORT: String(portB), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: '' },
    });
    await waitReady(baseB, b);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    if (b && b.exitCode === null) {
      const exited = new Promise((r) => b.once('exit', r));
      b.kill('SIGTERM');
      await exited;
    }
    await a?.close();
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a notification raised on A to the user’s socket on B, and to no one else', async () => {
    const ana = await client(baseB, await login(baseB, 'usuario@demo.local'));
    expect(await ana.next('totalAlertas')).toEqual({ comprovante: 0, email: 0, sms: 0, whatsapp: 0, versao: VERSAO });
    const bia = await client(baseB, await login(baseB, 'gerente@demo.local'));
    await bia.next('totalAlertas');
    const user = await a.ctx.db
      .selectFrom('usuarios')
      .select('usu_codigo')
      .where('usu_login', '=', 'usuario@demo.local')
      .executeTakeFirstOrThrow();

    await raiseNotification(a.ctx, {
      userId: user.usu_codigo,
      sector: 1,
      kind: PROOF_READY_KIND,
      reference: '9',
      text: 'Comprovante pronto',
    });
    expect(await ana.next('totalAlertas')).toEqual({ comprovante: 1, email: 0, sms: 0, whatsapp: 0, versao: VERSAO });
    expect(await ana.next('notifyByProofs')).toEqual({
      reference: '9',
      text: 'Comprovante pronto',
      totalAlertas: { comprovante: 1, email: 0, sms: 0, whatsapp: 0, versao: VERSAO },
    });
    // B's HTTP API sees the stored row A wrote.
    const list = await fetch(`${baseB}/v2/notificacoes?setor=1`, {
      headers: { authorization: `Bearer ${await login(baseB, 'usuario@demo.local')}` },
    });
    expect(((await list.json()) as { notificacoes: unknown[] }).notificacoes).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(bia.events).toEqual([]);
  });

  it('refuses a bad token on B and closes the connection', async () => {
    const bad = await client(baseB, 'y'.repeat(43));
    expect(await bad.next('unauthorized')).toEqual({ message: MSG.sessionExpired });
    expect(await bad.closed).toBe('io server disconnect');
  });

  it('pushes each step of a batch file, committed by B’s remessa worker, to the owner’s socket on A and to no one else', async () => {
    const token = await login(baseB, 'usuario@demo.local');
    const onA = await client(baseA, token);
    await onA.next('totalAlertas');
    const other = await client(baseA, await login(baseA, 'gerente@demo.local'));
    await other.next('totalAlertas');
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      a.app.inject({ method, url: `/v2${url}`, headers: { authorization: `Bearer ${token}` }, payload: payload as never });
    expect(
      (await call('POST', '/modelos', { mod_name: 'Modelo B', mod_subject: 'Aviso', mod_content: '<p>Olá *|NOME|*</p>' })).statusCode,
    ).toBe(201);
    const body = (rows: string[][]) => ({
      contentBase64: `data:text/csv;base64,${Buffer.from(
        `${[['ID', 'ASSUNTO', 'NOME_DESTINATARIO', 'EMAIL_DESTINATARIO', 'MODELO'], ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`,
      ).toString('base64')}`,
      fileName: 'processos.csv',
    });
    // A takes the upload (remessa and job in one transaction); only B's workers take jobs.
    const up = await call('POST', '/remessas/upload', body([['1', 'Aviso', 'Rita', 'rita@cliente.test', 'Modelo B']]));
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().rem_codigo as number;
    const statuses: string[] = [];
    for (;;) {
      const push = (await onA.next('remessaStatus', 20_000)) as { remessas: { rem_codigo: number; rem_status_processamento: string }[] };
      for (const r of push.remessas) if (r.rem_codigo === id) statuses.push(r.rem_status_processamento);
      if (statuses.at(-1) === 'PROCESSADO_COM_SUCESSO') break;
    }
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual([
      'AGUARDANDO_VALIDACAO',
      'PROCESSADO',
      'EM_PROCESSAMENTO',
      'PROCESSADO_COM_SUCESSO',
    ]);
    const row = await a.ctx.db.selectFrom('remessas').selectAll().where('rem_codigo', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_SUCESSO', rem_enfileiradas: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(other.events.filter((e) => e.event === 'remessaStatus')).toEqual([]);
  }, 40_000);

  it('pushes a status committed by B’s send worker to the owner’s socket on A; a logout on B closes it', async () => {
    const token = await login(baseB, 'usuario@demo.local');
    const onA = await client(baseA, token);
    await onA.next('totalAlertas');
    const sent = await a.app.inject({
      method: 'POST',
      url: '/v2/emails/send',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        destinataires: [{ to: 'cliente@cliente.test', nameTo: 'Cliente' }],
        nameFrom: 'Demo',
        subject: 'Aviso',
        content: '<p>Olá</p>',
      },
    });
    expect(sent.statusCode).toBe(200);
    const row = await a.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_codigo', 'ema_uni_id'])
      .orderBy('ema_uni_codigo', 'desc')
      .executeTakeFirstOrThrow();
    // The same user's earlier pushes (the batch file's message of the test before) may still come first, or in
    // the same push: the server gathers one owner's statuses committed close together into one event.
    let push: { emails: { id: number }[] };
    do push = (await onA.next('emailStatus', 20_000)) as typeof push;
    while (!push.emails.some((e) => e.id === row.ema_uni_codigo));
    expect(push.emails.filter((e) => e.id === row.ema_uni_codigo)).toEqual([
      { id: row.ema_uni_codigo, uuid: row.ema_uni_id, canal: 'email', status: 'send' },
    ]);

    const out = await fetch(`${baseB}/v2/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    // At once, through the adapter (not by A's once-a-minute session sweep).
    const late = new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000));
    expect(await Promise.race([onA.closed, late])).toBe('io server disconnect');
  }, 40_000);
});
