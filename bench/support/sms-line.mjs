// The send-pipeline bench's AR-SMS line (see send-pipeline.mjs): its fake Twilio, its mobiles and the run.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signIn, startProduct, waitForAll } from '../lib.mjs';

/**
 * The SMS line: AR-SMS through the product's real Twilio adapter to a fake Twilio in this process
 * (Messages.json with Basic auth, answered 201 with a sid), the e-mail runs' N and clients, each
 * recipient SMS only. Measured end to end, from the first POST to the provider's acceptance of the
 * last message, against bare pooled fetch POSTing the same N form bodies to the same fake. On the
 * embedded PGlite (BENCH_SEND_SMS=0 leaves it out).
 */
const TWILIO_SID = `AC${'0'.repeat(32)}`;
const TWILIO_TOKEN = 'bench-twilio-token';
async function startFakeTwilio() {
  const accepted = new Map();
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const auth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
      if (req.headers.authorization !== auth) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end('{"code":20003}');
      }
      accepted.set(form.get('To'), performance.now());
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${String(++n).padStart(32, '0')}`, status: 'queued', to: form.get('To') }));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, accepted, close: () => new Promise((r) => server.close(r)) };
}

/** N distinct valid mobiles of São Paulo (DDD 11, 9 then 8 digits), as typed and as Twilio gets them. */
const mobiles = (prefix, count) =>
  Array.from({ length: count }, (_, i) => {
    const digits = `119${String(prefix * 1_000_000 + i).padStart(8, '0')}`;
    return { typed: `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`, e164: `+55${digits}` };
  });

export async function smsLine({ N, PER_REQUEST, CLIENTS, WARM_UP, PORT }) {
  const fake = await startFakeTwilio();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-bench-sms-'));
  const app = await startProduct({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: fake.url,
  });
  try {
    const token = await signIn(app.url, 'pos@demo.local');
    const send = async (numbers) => {
      const res = await fetch(`${app.url}/v2/emails/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          destinataires: numbers.map((m) => ({ to: '', nameTo: 'Pessoa', sms: { name: 'Pessoa', mobile: m.typed } })),
          nameFrom: 'Cobranca Bench',
          subject: 'Notificação extrajudicial',
          content: '<p>Prezado(a), segue a notificação.</p>',
        }),
      });
      if (!res.ok) throw new Error(`SMS send: ${res.status} ${await res.text()}`);
    };
    const run = async (prefix, count) => {
      const all = mobiles(prefix, count);
      const batches = [];
      for (let i = 0; i < all.length; i += PER_REQUEST) batches.push(all.slice(i, i + PER_REQUEST));
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < batches.length) await send(batches[next++]);
        }),
      );
      const last = await waitForAll(
        fake,
        all.map((m) => m.e164),
      );
      return count / ((last - started) / 1000);
    };
    await run(1, WARM_UP);
    const product = await run(2, N);
    // Bare: the same N form bodies POSTed straight to the fake, CLIENTS × PER_REQUEST at a time.
    const bare = async (prefix) => {
      const all = mobiles(prefix, N);
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS * PER_REQUEST }, async () => {
          while (next < all.length) {
            const m = all[next++];
            const res = await fetch(`${fake.url}/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`, {
              method: 'POST',
              headers: {
                authorization: `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`,
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: new URLSearchParams({ To: m.e164, From: '+15005550006', Body: 'x'.repeat(150) }).toString(),
            });
            await res.arrayBuffer();
          }
        }),
      );
      return N / ((performance.now() - started) / 1000);
    };
    const bares = [await bare(3), await bare(4)];
    return { product, bare: (bares[0] + bares[1]) / 2, peakRssMb: app.peakRssMb() };
  } finally {
    await app.stop();
    await fake.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
