import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@ar/core';
import type { LightMyRequestResponse } from 'fastify';
import { Kysely } from 'kysely';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, dumpPglite, newPglite, openDatabase, pgliteListen } from '../src/db/database.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import type { DB } from '../src/db/schema.ts';
import { userAsActor } from '../src/modules/auth/auth.queries.ts';
import { type TenantScope, tenantScope } from '../src/modules/tenancy/tenant-scope.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { freePort } from './processes.ts';
import { startSmtpSink } from './smtp-sink.ts';

export { DEMO_PASSWORD };

/**
 * A database of its own for one test file: a copy of the migrated PGlite template, or a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped at the end).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // A database per file: nothing a file creates or drops can race another file's migrations.
    const name = `ar_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = await openDatabase({ url: own.toString(), poolSize: 5 });
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        // Let the closed pools' connections finish leaving first: a connection cut by FORCE while
        // it is still ending raises an error event nothing listens to any more.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const pglite = await newPglite({ loadDataDir: new Blob([dump]) });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    bossDb: fromPglite(pglite),
    listen: (channel, onPayload) => pgliteListen(pglite, channel, onPayload),
    dumpTo: (file) => dumpPglite(pglite, file),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export interface TestApp extends Runtime {
  config: Config;
  /** Signs in through the API and answers the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** The captured mailbox, newest first. */
  mailbox(): Promise<{ cai_to: string; cai_subject: string; cai_html: string | null; cai_text: string | null }[]>;
  /** POST /v2/emails/attachments with the repeated multipart field `attachments`, as the browser sends it. */
  upload(token: string, files: { name: string; data: Buffer }[]): Promise<LightMyRequestResponse>;
  /** POST /v2/emails/send with a compose payload, as the compose screen sends it. */
  send(token: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** The prepaid balance of a user's own plan, as the ledger left it. */
  balance(login: string): Promise<number>;
}

/**
 * A test app that listens on a real port named by its own PUBLIC_URL, so what it hands out calls
 * it back over HTTP (the embedded simulators' signed callbacks to the product's webhooks).
 * Answers the app and that base address.
 */
export async function createSelfCallingApp(
  env: Record<string, string> = {},
  opts: { startQueue?: boolean; startWorkers?: boolean } = {},
): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: base, ...env }, opts);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { startQueue?: boolean; startWorkers?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-test-'));
  const config = loadConfig({
    LOGIN_DELAY_MS: '0',
    CHECK_RESPONSES: 'true',
    SEED_DEMO: 'true',
    PUBLIC_URL: 'http://localhost:3999',
    DATA_DIR: dataDir,
    ...env,
  });
  const database = await openTestDatabase();
  const runtime = await createRuntime(config, {
    database,
    startQueue: opts.startQueue ?? false,
    startWorkers: opts.startWorkers,
    serveWeb: false,
  });
  return {
    ...runtime,
    config,
    async close() {
      await runtime.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    async login(email, password = DEMO_PASSWORD) {
      const res = await runtime.app.inject({ method: 'POST', url: '/v2/login', payload: { username: email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    mailbox() {
      return database.db
        .selectFrom('caixa_saida')
        .select(['cai_to', 'cai_subject', 'cai_html', 'cai_text'])
        .orderBy('cai_codigo', 'desc')
        .execute();
    },
    upload(token, files) {
      const boundary = '----ar-test-boundary';
      const parts = files.map((f) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          f.data,
          Buffer.from('\r\n'),
        ]),
      );
      return runtime.app.inject({
        method: 'POST',
        url: '/v2/emails/attachments',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
      });
    },
    send(token, payload) {
      return runtime.app.inject({ method: 'POST', url: '/v2/emails/send', headers: bearer(token), payload });
    },
    async balance(login) {
      const row = await database.db
        .selectFrom('planos as p')
        .innerJoin('usuarios as u', 'u.usu_codigo', 'p.pla_codigo_usu_ent')
        .select('p.pla_total_credito')
        .where('p.pla_nivel', '=', 1)
        .where('u.usu_login', '=', login)
        .executeTakeFirstOrThrow();
      return row.pla_total_credito;
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface TestAppHandle {
  /** The running app (after beforeAll). The handle also answers every TestApp member itself. */
  readonly t: TestApp;
  /** One API call: `url` without the /v2 prefix; `auth` is a token or headers. */
  call(method: Method, url: string, auth?: string | Record<string, string>, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Signs in (demo password unless given) and answers the bearer headers. */
  as(email: string, password?: string): Promise<Record<string, string>>;
  /** The tenant scope a session of this login would get (tenant-scope.ts), to call queries directly. */
  scopeOf(login: string): Promise<TenantScope>;
  /**
   * Signs these accounts in before the file's tests: `const as = t.signIns({ ana: 'usuario@demo.local' })`,
   * then `as.ana` holds the bearer headers inside the tests.
   */
  signIns<K extends string>(logins: Record<K, string>): Record<K, Record<string, string>>;
}

/**
 * The one header of a route test file: a fresh app (and database) for the file, closed at the end.
 * The handle stands for the app itself once it runs (`t.app.inject`, `t.login`, `t.ctx`...), plus
 * `call` and `as`:
 *
 *   const t = useTestApp();
 *   it('...', async () => { const ana = await t.as('usuario@demo.local'); await t.call('GET', '/etiquetas', ana); });
 */
export function useTestApp(
  env: Record<string, string> = {},
  opts: { startQueue?: boolean; startWorkers?: boolean } = {},
): TestAppHandle & TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, opts);
  });
  afterAll(async () => {
    await current?.close();
  });
  const running = () => {
    if (!current) throw new Error('useTestApp: the app is not running yet (use it inside a test or a hook)');
    return current;
  };
  const own: TestAppHandle = {
    get t() {
      return running();
    },
    call(method, url, auth, payload) {
      const headers = typeof auth === 'string' ? bearer(auth) : (auth ?? {});
      return running().app.inject({ method, url: `/v2${url}`, headers, payload: payload as never });
    },
    async as(email, password) {
      return bearer(await running().login(email, password));
    },
    async scopeOf(login) {
      const actor = await userAsActor(running().ctx.db, { usu_login: login });
      if (!actor) throw new Error(`no user ${login}`);
      return tenantScope(actor);
    },
    signIns(logins) {
      const headers = {} as Record<keyof typeof logins, Record<string, string>>;
      beforeAll(async () => {
        for (const [key, login] of Object.entries(logins) as [keyof typeof logins, string][])
          headers[key] = bearer(await running().login(login));
      });
      return headers;
    },
  };
  return new Proxy(own, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver);
      const app = running();
      const value = Reflect.get(app, prop);
      return typeof value === 'function' ? value.bind(app) : value;
    },
  }) as TestAppHandle & TestApp;
}

/**
 * Another tenant's ids: every call answers 404 'Registro não encontrado.' (as an id that does not
 * exist), and a write changes nothing. Answers the responses that were not 404, for the assertion message.
 */
export async function notFoundForOthers(
  app: Pick<TestAppHandle, 'call'>,
  auth: Record<string, string>,
  calls: readonly (readonly [Method, string, unknown?])[],
): Promise<string[]> {
  const leaks: string[] = [];
  for (const [method, url, payload] of calls) {
    const res = await app.call(
      method,
      url,
      auth,
      payload ?? (method === 'POST' || method === 'PUT' || method === 'PATCH' ? {} : undefined),
    );
    if (res.statusCode !== 404) leaks.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  return leaks;
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * The app sending through SMTP_URL to a real SMTP sink of its own (test/smtp-sink.ts), started
 * before the app and closed after it: `const { app, sink } = useSinkApp({ startQueue: true })`,
 * then `sink.messages` inside the tests.
 */
export function useSinkApp(
  opts: { startQueue?: boolean; startWorkers?: boolean } = { startQueue: true },
  env: Record<string, string> = {},
): { app: TestAppHandle & TestApp; sink: SmtpSink } {
  let started: SmtpSink | undefined;
  beforeAll(async () => {
    started = await startSmtpSink();
  });
  afterAll(async () => {
    await started?.close();
  });
  const running = () => {
    if (!started) throw new Error('useSinkApp: the sink is not running yet (use it inside a test or a hook)');
    return started;
  };
  // env's getters are kept as getters (a fake provider's address is known only once it listens).
  const app = useTestApp(
    Object.defineProperties(
      {
        get SMTP_URL() {
          return running().url;
        },
        MAIL_FROM: 'AR Online <nao-responda@ar.test>',
      } as Record<string, string>,
      Object.getOwnPropertyDescriptors(env),
    ),
    opts,
  );
  const sink = new Proxy({} as SmtpSink, {
    get(_target, prop) {
      const value = Reflect.get(running(), prop);
      return typeof value === 'function' ? value.bind(running()) : value;
    },
  });
  return { app, sink };
}

/**
 * Calls with no session, each written 'METHOD /url' (a POST or PUT sends `payload`): answers those
 * that did not answer 401 with 'Sessão expirada!...', for the assertion message.
 */
export async function withoutSession(app: Pick<TestAppHandle, 'call'>, calls: readonly string[], payload: unknown = {}): Promise<string[]> {
  const wrong: string[] = [];
  for (const call of calls) {
    const [method, url] = call.split(' ') as [Method, string];
    const res = await app.call(method, url, {}, method === 'POST' || method === 'PUT' ? payload : undefined);
    if (res.statusCode !== 401 || res.json().message !== MSG.sessionExpired)
      wrong.push(`${call} → ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  return wrong;
}
