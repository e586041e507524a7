import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test/harness.ts';
import { openApiDocument, operationIds } from './openapi.ts';
import { deriveOperationId } from './openapi-operation-id.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/**
 * @redocly/cli's lint with the project's redocly.yaml, as `npx redocly lint` runs it: every
 * problem it reports, errors and warnings alike (the config turns off, with why, what we accept).
 */
async function redoclyLint(file: string): Promise<string[]> {
  const cli = path.join(ROOT, 'node_modules/.bin/redocly');
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const args = ['lint', file, '--format=json', '--max-problems=1000', `--config=${path.join(ROOT, 'redocly.yaml')}`];
  const out = await run(cli, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout?: string; stderr?: string }) => ({
    stdout: e.stdout ?? '',
    stderr: e.stderr ?? '',
  }));
  const json = out.stdout.slice(out.stdout.indexOf('{'));
  const report = JSON.parse(json) as { problems: Problem[] };
  return report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
}

// With single sign-on configured, so that its routes are in the document too.
const t = useTestApp({
  PUBLIC_URL: 'https://ar.example.net',
  OIDC_ISSUER: 'http://127.0.0.1:9',
  OIDC_CLIENT_ID: 'ar',
  OIDC_CLIENT_SECRET: 's',
});

type Doc = {
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string; security: unknown[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};

describe('the OpenAPI document at /v2/docs', () => {
  it('passes @redocly/cli lint with no error and no warning', async () => {
    const res = await t.call('GET', '/docs');
    expect(res.statusCode).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await fs.writeFile(file, res.body);
      expect(await redoclyLint(file)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('names the origin as its server, so that server + path is /v2/... once', async () => {
    const doc = (await t.call('GET', '/docs')).json() as Doc;
    expect(doc.servers).toEqual([{ url: 'https://ar.example.net' }]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v2/'))).toBe(true);
  });

  it('gives every operation its own operationId, and every failure answer the { message } schema', async () => {
    const doc = (await t.call('GET', '/docs')).json() as Doc;
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(ops.length).toBeGreaterThan(130);
    const ids = ops.map((op) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v2/emails/send'].post.operationId).toBe('sendMessage');
    expect(doc.paths['/v2/emails/send/{id}/etiquetas/{tagId}'].delete.operationId).toBe('deleteEmailsSendByIdEtiquetasByTagId');
    expect(doc.components.schemas.Erro).toMatchObject({ required: ['message'] });
    for (const op of ops) expect(op.responses['400']).toEqual({ $ref: '#/components/responses/Invalido' });
    const login = doc.paths['/v2/login'].post;
    expect(login.security).toEqual([]);
    expect(login.responses['401']).toBeUndefined();
    expect(doc.paths['/v2/etiquetas'].get.responses['401']).toEqual({ $ref: '#/components/responses/NaoAutenticado' });
  });
});

describe('operationIds', () => {
  const op = (method: string, url: string, operationId?: string) => ({ method, url, summary: 's', tag: 't', auth: true, operationId });

  it('derives a method name from the method and the path', () => {
    expect(deriveOperationId('GET', '/emails/info/public/:uuid/track-email/:x')).toBe('getEmailsInfoPublicByUuidTrackEmailByX');
    expect(deriveOperationId('GET', '/tsa/certificado.pem')).toBe('getTsaCertificadoPem');
    expect(deriveOperationId('PUT', '/usuarios/resend-invite/:id')).toBe('putUsuariosResendInviteById');
    expect(deriveOperationId('POST', '/emails/send/:id/etiquetas')).toBe('postEmailsSendByIdEtiquetas');
    expect(deriveOperationId('GET', '/plano-entidade-user')).toBe('getPlanoEntidadeUser');
  });

  it('refuses a document where two operations would share one, or an id that is not a method name', () => {
    expect(() => operationIds([op('GET', '/a'), op('POST', '/b', 'getA')])).toThrow(/operationId repetido: getA/);
    expect(() => openApiDocument([op('GET', '/a-b'), op('GET', '/aB')], 'http://x')).toThrow(/operationId repetido: getAB/);
    expect(() => operationIds([op('GET', '/a', 'get-a')])).toThrow(/operationId inválido/);
    expect(operationIds([op('GET', '/a'), op('POST', '/a', 'createA')]).size).toBe(2);
  });

  it('documents a path parameter read without a contract, and a record keyed by an enum as its properties', () => {
    const doc = openApiDocument(
      [{ ...op('GET', '/x/:uuid/track-:kind'), response: z.object({ status: z.record(z.enum(['email', 'sms']), z.number()) }) }],
      'http://x',
    ) as unknown as Doc & { paths: Record<string, Record<string, { parameters: { name: string }[]; responses: { '200': unknown } }>> };
    const get = doc.paths['/v2/x/{uuid}/track-{kind}'].get;
    expect(get.parameters.map((p) => p.name)).toEqual(['uuid', 'kind']);
    expect(JSON.stringify(get.responses['200'])).toContain('"properties":{"email":{"type":"number"},"sms":{"type":"number"}}');
  });
});

describe('docs/letter-provider.openapi.yaml', () => {
  it('passes @redocly/cli lint with no error and no warning', async () => {
    expect(await redoclyLint(path.join(ROOT, 'docs/letter-provider.openapi.yaml'))).toEqual([]);
  });
});
