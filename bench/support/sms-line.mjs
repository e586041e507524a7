// The send-pipeline bench's AR-SMS line (see send-pipeline.mjs): its fake Twilio, its mobiles and the run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signIn, startProduct, waitForAll } from '../lib.mjs';
import { mobiles, startFakeProviders, TWILIO_SID, TWILIO_TOKEN } from './fake-providers.mjs';

/**
 * The SMS line: AR-SMS through the product's real Twilio adapter to a fake Twilio in this process
 * (Messages.json with Basic auth, answered 201 with a sid), the e-mail runs' N and clients, each
 * recipient SMS only. Measured end to end, from the first POST to the provider's acceptance of the
 * last message, against bare pooled fetch POSTing the same N form bodies to the same fake. On the
 * embedded PGlite (BENCH_SEND_SMS=0 leaves it out).
 */
export async function smsLine({ N, PER_REQUEST, CLIENTS, WARM_UP, PORT }) {
  const fake = await startFakeProviders();
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
