import type { ResourceLimits, Worker } from 'node:worker_threads';

/**
 * The heap limits of the threads that answer calls (the composer, the batch file's line builder):
 * a young generation of 8 MB instead of V8's 48. Under a sustained load V8 grows a busy thread's
 * young generation to its maximum and keeps it; these threads allocate small, short-lived messages,
 * for which 8 MB collects as well (bench/footprint.mjs, 2026-12-08: the mixed load's peak 423–441 MB
 * against 457–498 MB, every message accepted as fast; docs/performance.md).
 */
export const CALL_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };

/** What a thread posts back for a call: the call's id with its result, or with the error's message. */
export type ThreadAnswer<R extends object> = ({ id: number } & R) | { id: number; error: string };

/**
 * Calls to a worker thread, answered by id: the one mechanism of the threads that take a request
 * and answer it (mail/composer.ts, remessas/line-builder.ts). Each call posts its message with a
 * new id and waits for the answer with that id; the thread holds the process open only while a
 * call waits (`onIdle` runs when the last one is answered); when the thread ends, every call still
 * waiting fails (`failAll`), and the caller decides whether a new thread takes the next ones.
 *
 * It listens to the thread's messages itself, before it lets the thread go: a 'message' listener
 * added to a worker references it again, so one added by the caller after the `unref` held the
 * process until the first answer. A message that answers no call goes to `onOther`.
 *
 * Given `idleMs`, a thread left without calls for that long is let go (`onIdleTimeout`: the caller
 * ends it and starts another for the next call): the timer starts when the last call is answered,
 * or at `armIdle()` (a thread ready before its first call), and a new call stops it.
 */
export class ThreadCalls<R extends object> {
  #next = 1;
  readonly #waiting = new Map<number, { resolve: (result: R) => void; reject: (error: Error) => void }>();
  readonly #onIdle: () => void;
  readonly #idleMs: number | undefined;
  readonly #onIdleTimeout: () => void;
  #idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly worker: Worker,
    opts: { onIdle?: () => void; onOther?: (message: unknown) => void; idleMs?: number; onIdleTimeout?: () => void } = {},
  ) {
    this.#onIdle = opts.onIdle ?? (() => {});
    this.#idleMs = opts.idleMs;
    this.#onIdleTimeout = opts.onIdleTimeout ?? (() => {});
    worker.on('message', (message: unknown) => {
      if (!this.#answer(message)) opts.onOther?.(message);
    });
    worker.unref();
  }

  /** Calls waiting for their answer. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** Posts `message` with a new id; resolves with the thread's answer, rejects with its error. */
  call(message: object): Promise<R> {
    this.#disarm();
    const id = this.#next++;
    const answer = new Promise<R>((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
    this.worker.ref();
    this.worker.postMessage({ ...message, id });
    return answer;
  }

  /** The thread ended: every call still waiting fails with `error`. */
  failAll(error: Error): void {
    this.#disarm();
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const w of waiting) w.reject(error);
  }

  /** Starts the idle timer (with `idleMs`, and no call waiting): `onIdleTimeout` once it runs out. */
  armIdle(): void {
    if (this.#idleMs === undefined || this.#waiting.size > 0) return;
    this.#disarm();
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#waiting.size === 0) this.#onIdleTimeout();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #disarm(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  /** Settles the call a message answers; false when it answers none. */
  #answer(message: unknown): boolean {
    const id = (message as { id?: unknown } | null)?.id;
    const waiting = typeof id === 'number' ? this.#waiting.get(id) : undefined;
    if (!waiting) return false;
    this.#waiting.delete(id as number);
    const answer = message as ThreadAnswer<R>;
    if ('error' in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer as R);
    if (this.#waiting.size === 0) {
      this.worker.unref();
      this.#onIdle();
      this.armIdle();
    }
    return true;
  }
}
