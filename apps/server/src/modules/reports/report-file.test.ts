import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { REPORT_WORKERS, startReportFile } from './report-file.ts';
import { csvSink } from './report-writer.ts';
import { presentReportRows, reportColumns } from './reports.presenter.ts';
import type { ReportRow } from './reports.queries.ts';

const PUBLIC_URL = 'https://ar.test';

/** A message as reportPage hands it over (its JSON text), with a history on e-mail. */
function row(codigo: number, extra = ''): ReportRow {
  return {
    ema_uni_codigo: codigo,
    ema_uni_id: `00000000-0000-4000-8000-${String(codigo).padStart(12, '0')}`,
    ema_uni_identificacao: `=Contrato ${codigo}`,
    ema_uni_subject: `Notificação nº ${codigo}${extra}`,
    ema_uni_name_from: 'Cobrança',
    ema_uni_from: 'usuario@demo.local',
    ema_uni_name_to: 'José Ângelo',
    ema_uni_to: `pessoa${codigo}@exemplo.test`,
    ema_uni_sms: codigo % 2 ? { number: '(11) 98765-4321' } : null,
    ema_uni_whatsapp: null,
    ema_uni_voz: null,
    ema_uni_carta: null,
    rastreio: null,
    ema_uni_creditos: 2,
    ema_uni_data_criacao: '2026-10-15T10:00:00.123456-03:00',
    ema_status_email: 'read',
    ema_status_sms: 'erro',
    ema_status_whatsapp: null,
    ema_status_voz: null,
    ema_status_carta: null,
    processo: codigo % 3 ? null : `${codigo}/2026`,
    cnj: null,
    etiquetas: 'Cobrança, Urgente',
    canais: [
      {
        canal: 'email',
        processed: '2026-10-15T13:00:01.000Z',
        send: '2026-10-15T13:00:05.000Z',
        delivered: '2026-10-15T13:01:00.000Z',
        read: '2026-10-15T14:30:00.000Z',
        acknowledged: null,
        answered: null,
        erro: null,
        motivo: null,
      },
    ],
    usu_nome: 'Ana',
    usu_login: 'usuario@demo.local',
    cod_entidade: 1,
    ent_nome_fantasia: 'Demo',
  };
}

/** Collects what a stream is given. */
function collect(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

describe('the report file in a worker thread', () => {
  it('writes the same csv as the writer in this thread, page by page', async () => {
    const pages = [0, 1, 2].map((p) => Array.from({ length: 700 }, (_, i) => JSON.stringify(row(p * 700 + i + 1))));
    const out = new PassThrough();
    const got = collect(out);
    const file = await startReportFile(out, { format: 'csv', tipo: 'enviados', publicUrl: PUBLIC_URL });
    for (const page of pages) {
      await file.ready();
      file.page(page);
    }
    await file.end();

    const chunks: Buffer[] = [];
    const here = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    const sink = csvSink(here, reportColumns('enviados'));
    for (const page of pages) {
      for (const json of page) for (const cells of presentReportRows(JSON.parse(json), 'enviados', PUBLIC_URL)) await sink.addRow(cells);
    }
    await sink.end();
    expect((await got).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('fails that report alone when the worker runs out of its heap', async () => {
    const out = new PassThrough();
    out.resume();
    const file = await startReportFile(
      out,
      { format: 'xlsx', tipo: 'enviados', publicUrl: PUBLIC_URL },
      // Room for the worker to start (tsx and exceljs take ~7 MB): at 8 MB its start itself ran out,
      // in V8 installing optimised code, which is fatal to the whole process, not to the worker
      // alone (a CI run, 2026-12-06). A page of ~40 MB is what runs out here, in a plain allocation.
      { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    );
    const big = 'x'.repeat(400_000);
    const feed = async () => {
      for (let p = 0; p < 50; p++) {
        await file.ready();
        file.page(Array.from({ length: 100 }, (_, i) => JSON.stringify(row(p * 100 + i + 1, big))));
      }
      await file.end();
    };
    await expect(feed()).rejects.toThrow(/memory limit/);
    // This process goes on, and so do the next reports.
    const next = new PassThrough();
    const got = collect(next);
    const again = await startReportFile(next, { format: 'csv', tipo: 'enviados', publicUrl: PUBLIC_URL });
    again.page([JSON.stringify(row(1))]);
    await again.end();
    expect((await got).toString('utf8')).toContain('Notificação nº 1');
  });

  it('stops the worker when the reader goes away, and gives its turn to the next report', async () => {
    const reports = [];
    for (let i = 0; i < REPORT_WORKERS; i++) {
      const out = new PassThrough({ highWaterMark: 1024 });
      const file = await startReportFile(out, { format: 'csv', tipo: 'enviados', publicUrl: PUBLIC_URL });
      reports.push({ out, file });
    }
    // Nobody reads: the workers wait for the reader; then the readers go away.
    for (const { out, file } of reports) {
      await file.ready();
      file.page(Array.from({ length: 1000 }, (_, i) => JSON.stringify(row(i + 1))));
      await file.ready();
      file.page(Array.from({ length: 1000 }, (_, i) => JSON.stringify(row(i + 1001))));
      out.destroy();
      await file.ready(); // resolves (does not wait for ever) once the reader is gone
    }
    const next = new PassThrough();
    const got = collect(next);
    const file = await startReportFile(next, { format: 'csv', tipo: 'enviados', publicUrl: PUBLIC_URL });
    file.page([JSON.stringify(row(7))]);
    await file.end();
    expect((await got).toString('utf8')).toContain('Notificação nº 7');
  });
});
