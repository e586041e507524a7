import type { Worker } from 'node:worker_threads';
import type { CustomFieldDef } from '@ar/core';
import { CALL_THREAD_LIMITS, type ThreadAnswer, ThreadCalls } from '../../threads/thread-calls.ts';
import { typeScriptWorker } from '../../threads/typescript-worker.ts';
import type { OutgoingMessage } from '../emails/send-values.ts';
import type { LineTemplate } from './remessa-rows.ts';

/**
 * A thread that makes a batch file's lines into messages (lineMessage: the variables, then the
 * sanitiser), for the worker on PGlite (docs/remessas.md). There the database runs in the
 * server's own thread, so building a slice's messages while the previous slice's statements run
 * (the read-ahead of PostgreSQL) overlaps nothing; this thread does the building beside them.
 *
 * The thread only computes: it gets the cells, the templates, the custom fields and the public URL,
 * and answers the messages. Nothing is stored from it directly: the worker takes a built message
 * only for a line whose cells and template, read again under the remessa's lock, are those it was
 * built from (remessa-sending.ts, sameLine), so what is stored is what building it in
 * the transaction would store. A line the thread has not built (not started yet, failed, stopped)
 * is built by the worker as before.
 *
 * Started at the first file (its start, ~2 s of loading the modules in the thread, is not waited
 * for: until it is ready the worker builds as before) and stopped after IDLE_MS without work,
 * which gives its memory back (~30 MB).
 */

export interface BuildRequest {
  id: number;
  header: string[];
  customFields: CustomFieldDef[];
  publicUrl: string;
  templates: LineTemplate[];
  /** Each line's cells and its template, as an index into `templates`. */
  lines: { lin_numero: number; cells: string[]; template: number }[];
}

export type BuildAnswer = ThreadAnswer<Built>;
type Built = { built: [number, OutgoingMessage][] };

/** Minutes without work after which the thread stops. */
const IDLE_MS = 5 * 60_000;

export class LineBuilder {
  #worker: Worker | null = null;
  #calls: ThreadCalls<Built> | null = null;
  #ready = false;
  #closed = false;
  /** The thread ended before it was ready once (it cannot load here): not started again. */
  #failed = false;
  /** The thread being started (its module bundled first): one at a time. */
  #spawning: Promise<Worker> | null = null;

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Whether the thread takes work now (else the caller builds its lines itself). */
  get ready(): boolean {
    return this.#ready;
  }

  /** Starts the thread when it is not running; answers when it is ready (or could not start: false). */
  async start(): Promise<boolean> {
    if (this.#closed || this.#failed) return false;
    if (this.#ready) return true;
    this.#spawning ??= this.#spawn().finally(() => {
      this.#spawning = null;
    });
    const worker = this.#worker ?? (await this.#spawning);
    if (this.#ready) return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(ok);
      };
      const onMessage = (m: unknown) => {
        if ((m as { ready?: boolean }).ready) done(true);
      };
      const onExit = () => done(false);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });
  }

  /** The thread, once its module is bundled (threads/typescript-worker.ts); closed meanwhile: stopped at once. */
  async #spawn(): Promise<Worker> {
    if (this.#worker) return this.#worker;
    const worker = await typeScriptWorker(new URL('./line-builder.thread.ts', import.meta.url), { resourceLimits: CALL_THREAD_LIMITS });
    if (this.#closed) void worker.terminate();
    // The thread's one message that answers no call: it is ready.
    const calls = new ThreadCalls<Built>(worker, {
      // No work for idleMs (from its last answer, or from ready): the thread stops.
      idleMs: this.idleMs,
      onIdleTimeout: () => {
        if (this.#calls === calls) void this.#stop();
      },
      onOther: (m) => {
        if ((m as { ready?: boolean }).ready) {
          this.#ready = true;
          calls.armIdle();
        }
      },
    });
    this.#worker = worker;
    this.#calls = calls;
    worker.on('error', (error) => this.onError(error));
    worker.once('exit', () => {
      if (!this.#ready && this.#worker === worker) this.#failed = true;
      if (this.#worker === worker) {
        this.#worker = null;
        this.#calls = null;
        this.#ready = false;
      }
      calls.failAll(new Error('the line builder thread stopped'));
    });
    return worker;
  }

  /** The messages of these lines, by line number; null when the thread is not ready. */
  build(req: Omit<BuildRequest, 'id'>): Promise<Map<number, OutgoingMessage>> | null {
    const calls = this.#calls;
    if (!this.#ready || !calls) return null;
    // Held while it has work (ThreadCalls): the process does not end under a file being built.
    return calls.call(req).then((answer) => new Map(answer.built));
  }

  async #stop(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    this.#calls = null;
    this.#ready = false;
    if (worker) await worker.terminate();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#stop();
  }
}

/** Lines handed to the thread, as the worker takes them: their cells, template and built message. */
export type BuiltLine = { cells: string[]; template: LineTemplate; message: OutgoingMessage };

/** Lines sent to the thread at a time: the first slice's first messages come back while the rest are built. */
const CHUNK = 100;

/**
 * Lines handed to the thread and not yet taken by a slice, at most: two slices' worth
 * (remessa-sending.ts SLICE, 500), or what a slice waits for when it is more. The thread
 * builds faster than PGlite stores, so a 5,000-row file handed over whole had all its messages
 * built and held in the server at once (~30 MB of a 5,000-row batch's peak, bench/remessas,
 * 2026-12-08); the next chunk goes as the slices take theirs.
 */
export const BUILD_WINDOW = 1_000;

/**
 * One file's lines handed to the thread at validation, in their order, and taken by the slices
 * that store them: sent to it a chunk at a time, never more than BUILD_WINDOW lines ahead of the
 * slices. A line whose build failed is simply absent (its slice builds it).
 */
export class ThreadBuilds {
  readonly #lines = new Map<number, Promise<BuiltLine | undefined>>();
  /** Chunks not yet sent to the thread, in order, each with what answers its lines. */
  readonly #queued: { lines: number[]; send: () => void }[] = [];
  /** Lines sent to the thread and not yet taken. */
  readonly #sent = new Set<number>();

  constructor(
    private readonly builder: LineBuilder,
    private readonly common: { header: string[]; customFields: CustomFieldDef[]; publicUrl: string },
    private readonly window = BUILD_WINDOW,
  ) {}

  /** Hands the lines to the thread, a chunk at a time within the window (built by their slices when it is not ready). */
  submit(lines: { lin_numero: number; cells: string[]; template: LineTemplate }[]): void {
    for (let i = 0; i < lines.length; i += CHUNK) {
      const chunk = lines.slice(i, i + CHUNK);
      let answer!: (messages: Map<number, OutgoingMessage>) => void;
      const answered = new Promise<Map<number, OutgoingMessage>>((resolve) => {
        answer = resolve;
      });
      for (const l of chunk) {
        this.#lines.set(
          l.lin_numero,
          answered.then((messages) => {
            const message = messages.get(l.lin_numero);
            return message ? { cells: l.cells, template: l.template, message } : undefined;
          }),
        );
      }
      this.#queued.push({ lines: chunk.map((l) => l.lin_numero), send: () => this.#send(chunk, answer) });
    }
    this.#pump();
  }

  #send(
    chunk: { lin_numero: number; cells: string[]; template: LineTemplate }[],
    answer: (messages: Map<number, OutgoingMessage>) => void,
  ): void {
    const templates: LineTemplate[] = [];
    const index = new Map<LineTemplate, number>();
    const request = chunk.map((l) => {
      let t = index.get(l.template);
      if (t === undefined) {
        t = templates.push(l.template) - 1;
        index.set(l.template, t);
      }
      return { lin_numero: l.lin_numero, cells: l.cells, template: t };
    });
    const built = this.builder.build({ ...this.common, templates, lines: request });
    // A thread not ready (or gone): these lines are built by their slices.
    if (!built) answer(new Map());
    else built.catch(() => new Map<number, OutgoingMessage>()).then(answer);
  }

  /** Sends the queued chunks while the lines sent and not taken stay within the window. */
  #pump(wanted = 0): void {
    while (this.#queued.length > 0 && this.#sent.size < Math.max(this.window, wanted)) {
      const next = this.#queued.shift() as { lines: number[]; send: () => void };
      for (const n of next.lines) this.#sent.add(n);
      next.send();
    }
  }

  /** Waits until the next `count` lines not yet taken are built (or failed): a slice then takes them at once, inside its transaction. */
  async ahead(count: number): Promise<void> {
    this.#pump(count);
    const next: Promise<unknown>[] = [];
    for (const line of this.#lines.values()) {
      if (next.length >= count) break;
      next.push(line);
    }
    await Promise.all(next);
  }

  /** The built messages of these lines (those handed to the thread), once built; taken lines are forgotten. */
  async take(numbers: number[]): Promise<Map<number, BuiltLine>> {
    const ready = new Map<number, BuiltLine>();
    for (const n of numbers) {
      const line = this.#lines.get(n);
      if (!line) continue;
      this.#lines.delete(n);
      if (this.#sent.delete(n)) this.#pump();
      const built = await line;
      if (built) ready.set(n, built);
    }
    return ready;
  }
}
