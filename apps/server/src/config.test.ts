import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, and takes Fastify forms otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a value that names no address, with a message that says which', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.interno', '127.0.0.1,,10.0.0.1', '::1/129', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.interno' })).toThrow(
      /TRUST_PROXY: endereço ou bloco inválido: "proxy\.interno"/,
    );
  });

  it('stops the server at start with that message', async () => {
    const started = run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, TRUST_PROXY: '10.0.0.0/99', PORT: '0', INBOUND_SMTP_PORT: '0', DATA_DIR: '/nonexistent/ar' },
      // Loading TypeScript through tsx takes seconds on a busy machine; a hang still ends here.
      timeout: 80_000,
    });
    const failure = await started.then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('Configuração inválida');
    expect(failure?.stderr).toContain('TRUST_PROXY: endereço ou bloco inválido: "10.0.0.0/99"');
  }, 90_000);
});

describe('ROLE', () => {
  it('is all by default; web and worker only with PostgreSQL, whose other processes do the rest', () => {
    expect(loadConfig({}).role).toBe('all');
    const pg = { DATABASE_URL: 'postgres://ar@db:5432/ar' };
    expect(loadConfig({ ...pg, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...pg, ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE: web exige DATABASE_URL/);
    expect(() => loadConfig({ ...pg, ROLE: 'http' })).toThrow(/ROLE: use all, web ou worker/);
  });
});
