import { REPORT_MSG } from '@ar/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { insertMessage } from '../../../test/messages.ts';

// A report's worker that fails before its first byte (on Node 20 it could not load TypeScript at
// all) answers the product's { message } in JSON, never Fastify's raw error about a payload; the
// next report, with a worker that starts, is a file again.

const broken = vi.hoisted(() => ({ on: true }));
vi.mock('../../threads/typescript-worker.ts', async (original) => {
  const real = await original<typeof import('../../threads/typescript-worker.ts')>();
  const { Worker } = await import('node:worker_threads');
  return {
    ...real,
    typeScriptWorker: (module: URL, options: object) =>
      broken.on ? new Worker('throw new Error(\'Unknown file extension ".ts"\')', { eval: true }) : real.typeScriptWorker(module, options),
  };
});

const app = useTestApp();
const users = app.signIns({ usuario: 'usuario@demo.local' });

beforeAll(async () => {
  await insertMessage(app.t.ctx.db, { login: 'usuario@demo.local', at: '2026-10-15T13:00:00Z', subject: 'Aviso' });
});

describe('a report whose worker fails before its first byte', () => {
  it("answers 500 { message: 'Houve um erro ao gerar o relatório' } in JSON, for csv and xlsx", async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await app.call(
        'GET',
        `/reports?format=${format}&dataInicial=2026-10-01&dataFinal=2026-10-31&tipo=enviados`,
        users.usuario,
      );
      expect(res.statusCode, format).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({ message: REPORT_MSG.generateError });
      expect(res.body).not.toContain('FST_ERR');
    }
  });

  it('makes the file when the worker starts', async () => {
    broken.on = false;
    const res = await app.call('GET', '/reports?format=csv&dataInicial=2026-10-01&dataFinal=2026-10-31&tipo=enviados', users.usuario);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toContain('Aviso');
  });
});
