// The report's file, written in a worker thread (report-file.ts starts it): the pages of messages
// come from the main thread, which reads the database; the rows, the xlsx's XML and zip or the
// csv's lines are made here, in a heap of bounded size, and the file goes back in pieces of 64 KB.
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { REPORT_TYPE_LABELS } from '@ar/core';
import type { ReportFileFromWorker, ReportFileToWorker, ReportFileWorkerData } from './report-file.ts';
import { csvSink, type ReportSink, xlsxSink } from './report-writer.ts';
import { addToTotals, type EntityTotals, presentReportRows, presentSummary, reportColumns, SUMMARY_COLUMNS } from './reports.presenter.ts';
import type { ReportRow } from './reports.queries.ts';

const port = parentPort;
if (!port) throw new Error('report-file.worker.ts runs as a worker thread');
const { format, tipo, publicUrl } = workerData as ReportFileWorkerData;

/** Bytes of a piece of the file sent to the main thread. */
const PIECE = 64 * 1024;
/** Pieces the main thread has not yet handed to the reply before the writer waits (the reply's backpressure, ~256 KB). */
const PIECES_AHEAD = 4;

const send = (message: ReportFileFromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

let unacked = 0;
let blocked: (() => void) | null = null;
let piece = Buffer.allocUnsafeSlow(PIECE);
let used = 0;

/** Sends the piece being filled (its ArrayBuffer is moved, not copied) and starts a new one. */
function flush() {
  if (used === 0) return;
  const data = piece.buffer as ArrayBuffer;
  send({ type: 'chunk', data, length: used }, [data]);
  unacked++;
  piece = Buffer.allocUnsafeSlow(PIECE);
  used = 0;
}

/**
 * The file's bytes, copied into pieces of 64 KB that are sent to the main thread; a write is
 * answered only while fewer than four pieces wait for the reply, so the writers here wait for
 * the reader.
 */
const out = new Writable({
  highWaterMark: PIECE,
  write(chunk: Buffer, _encoding, callback) {
    let at = 0;
    while (at < chunk.length) {
      const n = chunk.copy(piece, used, at);
      used += n;
      at += n;
      if (used === PIECE) flush();
    }
    if (unacked < PIECES_AHEAD) callback();
    else blocked = callback;
  },
  final(callback) {
    flush();
    callback();
  },
});

const pages: string[][] = [];
let ended = false;
let wake: (() => void) | null = null;

port.on('message', (message: ReportFileToWorker) => {
  if (message.type === 'ack') {
    unacked--;
    if (blocked && unacked < PIECES_AHEAD) {
      const callback = blocked;
      blocked = null;
      callback();
    }
    return;
  }
  if (message.type === 'page') pages.push(message.rows);
  else ended = true;
  const w = wake;
  wake = null;
  w?.();
});

async function run() {
  const columns = reportColumns(tipo);
  const sink: ReportSink = format === 'xlsx' ? xlsxSink(out, REPORT_TYPE_LABELS[tipo], columns) : csvSink(out, columns);
  const totals = new Map<string, EntityTotals>();
  for (;;) {
    const page = pages.shift();
    if (!page) {
      if (ended) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      continue;
    }
    for (const json of page) {
      const row = JSON.parse(json) as ReportRow;
      for (const cells of presentReportRows(row, tipo, publicUrl)) await sink.addRow(cells);
      if (tipo === 'enviados-entidade') addToTotals(totals, row);
    }
    send({ type: 'page-done' });
  }
  if (tipo === 'enviados-entidade') await sink.addSheet('Resumo por Entidade', SUMMARY_COLUMNS, presentSummary(totals));
  await sink.end();
  await finished(out);
  send({ type: 'done' });
}

run().catch((err: unknown) => {
  send({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
});
