// The MIME composer's thread (mail/composer.ts): nodemailer builds each outgoing message here, off
// the server's event loop, and hands back its bytes. Plain JavaScript, so the thread starts the same
// under tsx, the test runner and plain node (none of them has to load TypeScript into it).
import { parentPort } from 'node:worker_threads';
import nodemailer from 'nodemailer';

/** One stream transport per line ending: 'windows' (CRLF, what goes to a relay) and 'unix' (the captured mailbox). */
const transports = new Map();
function transportFor(newline) {
  let t = transports.get(newline);
  if (!t) {
    t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
    transports.set(newline, t);
  }
  return t;
}

parentPort.on('message', async ({ id, newline, mail }) => {
  try {
    // Attachments arrive as Uint8Arrays (structured clone drops Buffer's prototype).
    const attachments = mail.attachments?.map((a) => ({
      ...a,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    }));
    const built = await transportFor(newline).sendMail(attachments ? { ...mail, attachments } : mail);
    const message = built.message;
    const bytes = new Uint8Array(message.buffer, message.byteOffset, message.byteLength);
    // A message of its own ArrayBuffer is moved, not copied; a small one in Buffer's shared pool is copied.
    const own = message.byteOffset === 0 && message.byteLength === message.buffer.byteLength;
    const out = own ? bytes : bytes.slice();
    parentPort.postMessage({ id, message: out, envelope: built.envelope, messageId: built.messageId }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
