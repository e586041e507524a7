import { GERAR_MSG } from '@ar/core/gerar-remessas';
import type { GerarRemessaOptions } from '@ar/core/gerar-remessas-csv';
import type { SheetSummary, WorkerRequest, WorkerResponse } from './sheet.protocol.ts';

/** A refusal of the worker: the spec's dialog title and message. */
export class SheetError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Generated {
  csv: string;
  lines: number;
  truncated: number;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Pending = { resolve: (r: WorkerResponse) => void; onProgress?: (done: number, total: number) => void };

/**
 * The page's handle on sheet.worker.ts: one worker for the page's life, each call a promise. The
 * worker keeps the rows it read, so `generate` sends only the mapping.
 */
export class SheetWorker {
  private readonly worker = new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' });
  private readonly pending = new Map<number, Pending>();
  private next = 1;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const msg = event.data;
      const p = this.pending.get(msg.id);
      if (!p) return;
      if (msg.type === 'progress') {
        p.onProgress?.(msg.done, msg.total);
        return;
      }
      this.pending.delete(msg.id);
      p.resolve(msg);
    };
    // A worker that could not start or crashed (out of memory on a huge sheet) answers every call.
    this.worker.onerror = (event) => {
      event.preventDefault();
      for (const [id, p] of this.pending) p.resolve({ type: 'error', id, title: GERAR_MSG.errorTitle, message: GERAR_MSG.sheetUnreadable });
      this.pending.clear();
    };
  }

  private call(req: WithoutId<WorkerRequest>, onProgress?: Pending['onProgress']): Promise<WorkerResponse> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ ...req, id } as WorkerRequest);
    });
  }

  async read(file: File, kind: 'xlsx' | 'csv'): Promise<SheetSummary> {
    const res = await this.call({ type: 'read', file, kind });
    if (res.type === 'error') throw new SheetError(res.title, res.message);
    if (res.type !== 'read') throw new Error('unexpected answer');
    return res.summary;
  }

  async generate(hasHeader: boolean, options: GerarRemessaOptions, onProgress: (done: number, total: number) => void): Promise<Generated> {
    const res = await this.call({ type: 'generate', hasHeader, options }, onProgress);
    if (res.type === 'error') throw new SheetError(res.title, res.message);
    if (res.type !== 'generated') throw new Error('unexpected answer');
    return { csv: res.csv, lines: res.lines, truncated: res.truncated };
  }

  terminate() {
    this.worker.terminate();
  }
}
