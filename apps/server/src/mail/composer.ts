import { Worker } from 'node:worker_threads';
import { CALL_THREAD_LIMITS, ThreadCalls } from '../threads/thread-calls.ts';

/** What nodemailer's message options get from the product (mail.service.ts's OutgoingMail plus the sender). */
export type ComposableMail = Record<string, unknown> & { attachments?: { filename: string; content: Buffer; contentType?: string }[] };

export interface ComposedMail {
  message: Buffer;
  envelope: { from: string; to: string[] };
  messageId: string;
}

export interface Composer {
  compose(mail: ComposableMail): Promise<ComposedMail>;
  /** Whether the thread is running (it starts at a message and ends after COMPOSER_IDLE_MS without one). */
  readonly running: boolean;
  close(): void;
}

/** The thread's answer to a message (compose.worker.mjs). */
interface Composed {
  message: Uint8Array;
  envelope: ComposedMail['envelope'];
  messageId: string;
}

/**
 * Outgoing messages are composed (nodemailer's MIME, ~0.7 ms of CPU a message) in a thread of
 * their own (compose.worker.mjs), so the server's event loop keeps to HTTP, the database and the
 * SMTP sockets (docs/send-pipeline.md, the decisions' row of 2026-11-28). One thread, started at the
 * first message; it holds the process open only while a message is being composed
 * (threads/thread-calls.ts), and ends after COMPOSER_IDLE_MS without one. A thread that dies fails
 * the messages it had (their jobs retry them) and the next message starts another.
 */
/**
 * How long the composer thread stays without a message before it ends: its ~20 MB resident (a
 * server on PGlite after a send, 2026-11-28: 391 → 372 MB once it ended) come back, and the next
 * message starts another (tens of ms).
 */
export const COMPOSER_IDLE_MS = 60_000;

export function createComposer(newline: 'windows' | 'unix', idleMs = COMPOSER_IDLE_MS): Composer {
  let thread: { worker: Worker; calls: ThreadCalls<Composed> } | null = null;

  const start = () => {
    const worker = new Worker(new URL('./compose.worker.mjs', import.meta.url), { resourceLimits: CALL_THREAD_LIMITS });
    const calls = new ThreadCalls<Composed>(worker, {
      // No message for a while: the thread and its memory go; the next message starts another.
      idleMs,
      onIdleTimeout: () => {
        if (thread !== started) return;
        thread = null;
        void worker.terminate();
      },
    });
    const started = { worker, calls };
    const gone = (error: Error) => {
      if (thread === started) thread = null;
      calls.failAll(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`composer thread ended (${code})`)));
    return started;
  };

  return {
    async compose(mail) {
      thread ??= start();
      const composed = await thread.calls.call({ newline, mail });
      return {
        message: Buffer.from(composed.message.buffer, composed.message.byteOffset, composed.message.byteLength),
        envelope: composed.envelope,
        messageId: composed.messageId,
      };
    },
    get running() {
      return thread !== null;
    },
    close() {
      const worker = thread?.worker;
      thread = null;
      if (worker) void worker.terminate();
    },
  };
}
