import type { PassThrough } from 'node:stream';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { ReportFormat, ReportType } from '@ar/core';
import { Slots } from '../../queue/slots.ts';
import { typeScriptWorker } from '../../threads/typescript-worker.ts';

/** What the worker needs to write a report's file (report-file.worker.ts). */
export interface ReportFileWorkerData {
  format: ReportFormat;
  tipo: ReportType;
  publicUrl: string;
}

export type ReportFileToWorker = { type: 'page'; rows: string[] } | { type: 'end' } | { type: 'ack' };

export type ReportFileFromWorker =
  | { type: 'chunk'; data: ArrayBuffer; length: number }
  | { type: 'page-done' }
  | { type: 'done' }
  | { type: 'failed'; message: string };

/**
 * The worker's heap: the rows' cells, exceljs's XML, the zip and the csv's lines are garbage as
 * soon as they are written, and V8 lets a heap grow to several times what is live before it
 * collects (the server's heap reached 290–340 MB for ~90 MB live). A heap of its own, of bounded
 * size, collects within it; a report that does not fit fails alone (ERR_WORKER_OUT_OF_MEMORY),
 * never the server.
 */
export const REPORT_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/** Pages handed to the worker and not yet written: one being written, one waiting (the next read overlaps the writing). */
const PAGES_AHEAD = 2;

/** Report files written at once; another waits for its turn (each worker has its own heap). */
export const REPORT_WORKERS = 2;
const turns = new Slots(REPORT_WORKERS);

/** A report's file being written by a worker thread into `out` (the reply's stream). */
export interface ReportFileWriter {
  /** Resolves when the worker may be given another page (at most two wait there); rejects when the worker failed. */
  ready(): Promise<void>;
  /** Hands a page of messages to the worker (after `ready`): the JSON text of each row (reportPage). */
  page(rows: string[]): void;
  /** No more pages: resolves once the whole file is in `out`, which is then ended. */
  end(): Promise<void>;
  /** Stops the worker (the reader went away, or the pages failed); `out` is left to the caller. */
  stop(): void;
  /**
   * Resolves once the worker wrote the file's first bytes (or the whole file), rejects when it
   * failed before: until then the answer can still be an error with the product's `{ message }`.
   */
  started(): Promise<void>;
}

/**
 * Starts the worker that writes a report's file (waiting for a turn when REPORT_WORKERS are
 * already writing). The pages go to it as they are read and the file comes back in pieces of
 * 64 KB, each acknowledged once the reply took it, so the worker waits for the reader. A failure
 * of the worker (an error, its heap limit) rejects `ready`/`end`; the reader going away (`out`
 * closed) stops it.
 */
export async function startReportFile(
  out: PassThrough,
  data: ReportFileWorkerData,
  limits: ResourceLimits = REPORT_WORKER_LIMITS,
): Promise<ReportFileWriter> {
  const release = await turns.acquire();

  let worker: Worker;
  try {
    worker = await typeScriptWorker(new URL('./report-file.worker.ts', import.meta.url), { workerData: data, resourceLimits: limits });
  } catch (err) {
    release();
    throw err;
  }
  let pending = 0;
  let done = false;
  let wrote = false;
  let failure: Error | null = null;
  // Who waits for the worker: the pages' loop and, until the first bytes, the answer (started).
  const wakers = new Set<() => void>();
  const signal = () => {
    const waiting = [...wakers];
    wakers.clear();
    for (const w of waiting) w();
  };
  const fail = (err: Error) => {
    failure ??= err;
    signal();
  };
  const ack = () => {
    if (!done && failure === null) worker.postMessage({ type: 'ack' } satisfies ReportFileToWorker);
  };

  worker.on('message', (message: ReportFileFromWorker) => {
    switch (message.type) {
      case 'chunk': {
        wrote = true;
        signal();
        if (out.destroyed) return;
        if (out.write(Buffer.from(message.data, 0, message.length))) ack();
        else out.once('drain', ack);
        return;
      }
      case 'page-done':
        pending--;
        signal();
        return;
      case 'done':
        done = true;
        signal();
        return;
      case 'failed':
        fail(new Error(`report file: ${message.message}`));
        return;
    }
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => {
    release();
    if (!done) fail(new Error(`report file: the worker stopped (exit code ${code})`));
  });
  const onClose = () => {
    signal();
    if (!done) void worker.terminate();
  };
  out.once('close', onClose);

  /** Waits until `ok()`, the worker fails (rejects) or the reader is gone (resolves: the caller sees `out.destroyed`). */
  const until = async (ok: () => boolean) => {
    while (!ok() && failure === null && !out.destroyed) {
      await new Promise<void>((resolve) => {
        wakers.add(resolve);
      });
    }
    if (failure) throw failure;
  };

  return {
    ready: () => until(() => pending < PAGES_AHEAD),
    page(rows) {
      pending++;
      worker.postMessage({ type: 'page', rows } satisfies ReportFileToWorker);
    },
    async end() {
      worker.postMessage({ type: 'end' } satisfies ReportFileToWorker);
      await until(() => done);
      out.off('close', onClose);
      if (!out.destroyed) out.end();
      void worker.terminate();
    },
    stop() {
      out.off('close', onClose);
      void worker.terminate();
    },
    started: () => until(() => wrote || done),
  };
}
