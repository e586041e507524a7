import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { OutgoingMail, SentMail } from './mail.service.ts';

/**
 * Outgoing SMTP in a thread of its own: nodemailer's composition and its SMTP conversation cost
 * about as much CPU per message as everything else the server does for it (the POST, the database,
 * the queue, the evidence), so with both on one thread the pipeline could reach only about half
 * the rate of nodemailer alone (docs/emails.md, send pipeline). The thread holds the pooled
 * transport; the server posts it each message and gets back the relay's reply or its error
 * (responseCode and response kept, so a 5xx still fails the message for good).
 *
 * The thread's code is plain JavaScript run by `eval` (as the PGlite folder's child process is):
 * it needs nothing but nodemailer, and loading the TypeScript toolchain into it would cost memory
 * and start-up for a few lines.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const nodemailer = require(workerData.nodemailer);
// The URL inside the options object: given as a string, nodemailer takes the second argument as
// message defaults, and pool would be ignored. Keys set in the URL's query win over these.
const transport = nodemailer.createTransport({ url: workerData.url, pool: true, maxConnections: 5 });
// Each message is composed in memory first and handed to the pool as one buffer: streamed into the
// connection, every piece of the MIME tree was a socket write of its own.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
parentPort.on('message', async (m) => {
  if (m.close) {
    transport.close();
    parentPort.close();
    return;
  }
  try {
    const built = await composer.sendMail(m.mail);
    const info = await transport.sendMail({ envelope: built.envelope, raw: built.message, messageId: built.messageId });
    parentPort.postMessage({ id: m.id, sent: { messageId: built.messageId, response: info.response || '' } });
  } catch (e) {
    const error = e || {};
    parentPort.postMessage({
      id: m.id,
      error: { message: String(error.message || error), code: error.code, command: error.command, responseCode: error.responseCode, response: error.response },
    });
  }
});
`;

interface Pending {
  resolve: (sent: SentMail) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; sent: SentMail } | { id: number; error: { message: string; [key: string]: unknown } };

export interface SmtpThread {
  send(mail: OutgoingMail & { from: string }): Promise<SentMail>;
  close(): void;
}

/**
 * Starts the thread on the first message and again after it died (its messages in flight are
 * rejected, so their jobs retry; the Message-ID is the protocol, so a retried message is the same
 * message).
 */
export function createSmtpThread(smtpUrl: string): SmtpThread {
  const nodemailerPath = createRequire(import.meta.url).resolve('nodemailer');
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 0;
  let closed = false;

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const w = new Worker(THREAD_CODE, {
      eval: true,
      workerData: { url: smtpUrl, nodemailer: nodemailerPath },
      // A young generation smaller than the default keeps the thread's resident memory low (the
      // server's budget is 400 MB); its messages are small and short-lived.
      resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 },
    });
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('sent' in reply) p.resolve(reply.sent);
      else p.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    w.on('error', (error) => failAll(new Error(`SMTP thread failed: ${error.message}`)));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('SMTP thread stopped'));
    });
    // Idle, the thread does not keep the process alive; a message in flight does (ref below).
    w.unref();
    return w;
  };

  return {
    send(mail) {
      if (closed) return Promise.reject(new Error('mail service closed'));
      worker ??= start();
      const w = worker;
      const id = nextId++;
      return new Promise<SentMail>((resolve, reject) => {
        if (pending.size === 0) w.ref();
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            if (pending.size === 0) w.unref();
            fn(value);
          };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        w.postMessage({ id, mail });
      });
    },
    close() {
      closed = true;
      // The pool's connections are closed (QUIT) by the thread itself, then it ends.
      worker?.postMessage({ close: true });
      worker = null;
    },
  };
}
