import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { EMAIL_MSG, MSG } from '@ar/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createSelfCallingApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { buildApiDocument } from '../scripts/api-document.ts';
import { SDK_DIR, sdkFiles } from './sdk-files.ts';

const ROOT = path.resolve(SDK_DIR, '../..');
const run = promisify(execFile);

describe('packages/sdk', () => {
  it('is what the current OpenAPI document generates (npm run sdk:generate after changing a route)', async () => {
    const files = await sdkFiles(await buildApiDocument());
    for (const [name, text] of Object.entries(files)) {
      const checkedIn = await fs.readFile(path.join(SDK_DIR, name), 'utf8').catch(() => '(ausente)');
      // Not toEqual on 300 kB of text: the first line that differs says what changed.
      const a = checkedIn.split('\n');
      const b = text.split('\n');
      const at = b.findIndex((line, i) => line !== a[i]);
      const where = at < 0 && a.length === b.length ? null : `${name}:${at + 1}: "${a[at] ?? ''}" ≠ "${b[at] ?? ''}"`;
      expect(where, 'packages/sdk difere do documento: rode npm run sdk:generate').toBeNull();
    }
  }, 120_000);
});

describe('the SDK built and used against a running server', () => {
  const outDir = path.join(SDK_DIR, `.test-build-${randomUUID().slice(0, 8)}`);
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await fs.rm(outDir, { recursive: true, force: true });
  });

  it('signs in, sends a message with POST /v2/emails/send and reads its status', async () => {
    // Built as an integrator gets it (tsc to JavaScript), then loaded from the build.
    await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', path.join(SDK_DIR, 'tsconfig.build.json'), '--outDir', outDir], {
      cwd: ROOT,
    });
    const sdk = (await import(pathToFileURL(path.join(outDir, 'index.js')).href)) as typeof import('@ar/sdk');

    const started = await createSelfCallingApp({}, { startQueue: true });
    t = started.t;
    const anonymous = sdk.createArClient({ baseUrl: started.base });
    const refused = await anonymous.GET('/v2/emails/status/{id}', { params: { path: { id: 1 } } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.message).toBe(MSG.sessionExpired);

    const login = await anonymous.POST('/v2/login', { body: { username: 'usuario@demo.local', password: DEMO_PASSWORD } });
    expect(login.response.status).toBe(200);
    const client = sdk.createArClient({ baseUrl: started.base, token: login.data?.token });

    const invalid = await client.POST('/v2/emails/send', {
      body: { destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }], nameFrom: 'Cobrança', subject: '', content: '<p>x</p>' },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.message).toBe(EMAIL_MSG.subjectRequired);

    const sent = await client.POST('/v2/emails/send', {
      body: {
        destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
        nameFrom: 'Cobrança Demo',
        subject: 'Notificação pelo SDK',
        content: '<p>Prezada, segue a notificação.</p>',
      },
    });
    expect(sent.error).toBeUndefined();
    const id = sent.data?.emails[0]?.ema_uni_codigo;
    expect(id).toBeTypeOf('number');

    // The worker takes it to the local mailbox: 'processed' (queued), then 'send' on the e-mail channel.
    let email: { type: string }[] = [];
    for (let i = 0; i < 150 && !email.some((e) => e.type === 'send'); i++) {
      const status = await client.GET('/v2/emails/status/{id}', { params: { path: { id: id as number } } });
      expect(status.response.status).toBe(200);
      email = status.data?.status.email ?? [];
      if (!email.some((e) => e.type === 'send')) await new Promise((r) => setTimeout(r, 200));
    }
    expect(email.map((e) => e.type)).toContain('send');

    const detail = await client.GET('/v2/emails/send/{id}', { params: { path: { id: id as number } } });
    expect(detail.data?.ema_uni_subject).toBe('Notificação pelo SDK');
  }, 120_000);
});
