import { Worker } from 'node:worker_threads';

/** What nodemailer's message options get from the product (mail.service.ts's OutgoingMail plus the sender). */
export type ComposableMail = Record<string, unknown> & { attachments?: { filename: string; content: Buffer; contentType?: string }[] };

export interface ComposedMail {
  message: Buffer;
  envelope: { from: string; to: string[] };
  messageId: string;
}

export interface Composer {
  compose(mail: ComposableMail): Promise<ComposedMail>;
  close(): void;
}

interface Reply {
  id: number;
  message?: Uint8Array;
  envelope?: ComposedMail['envelope'];
  messageId?: string;
  error?: string;
}

/**
 * Outgoing messages are composed (nodemailer's MIME, ~0.7 ms of CPU a message) in a thread of
 * their own (compose.worker.mjs), so the server's event loop keeps to HTTP, the database and the
 * SMTP sockets (docs/emails.md, "Composing off the event loop"). One thread, started at the first
 * message; it holds the process open only while a message is being composed. A thread that dies
 * fails the messages it had (their jobs retry them) and the next message starts another.
 */
export function createComposer(newline: 'windows' | 'unix'): Composer {
  let worker: Worker | null = null;
  let next = 1;
  const pending = new Map<number, { resolve: (m: ComposedMail) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const start = (): Worker => {
    const w = new Worker(new URL('./compose.worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if (reply.error !== undefined || !reply.message || !reply.envelope || !reply.messageId)
        p.reject(new Error(reply.error ?? 'composer: empty reply'));
      else
        p.resolve({
          message: Buffer.from(reply.message.buffer, reply.message.byteOffset, reply.message.byteLength),
          envelope: reply.envelope,
          messageId: reply.messageId,
        });
    });
    const gone = (error: Error) => {
      if (worker === w) worker = null;
      failAll(error);
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`composer thread ended (${code})`)));
    return w;
  };

  return {
    compose(mail) {
      worker ??= start();
      const w = worker;
      const id = next++;
      return new Promise<ComposedMail>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, newline, mail });
      });
    },
    close() {
      const w = worker;
      worker = null;
      if (w) void w.terminate();
    },
  };
}
