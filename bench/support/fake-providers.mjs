// The phone providers' fakes the benches send to: one HTTP server speaking Twilio's Messages API
// (Basic auth, a form body, 201 with a sid) and Graph's /v21.0/{phone-number-id}/messages (a Bearer
// token, a template message, 200 with a wamid), so the product's real adapters run unchanged.
import http from 'node:http';

export const TWILIO_SID = `AC${'0'.repeat(32)}`;
export const TWILIO_TOKEN = 'bench-twilio-token';
const GRAPH_TOKEN = 'bench-graph-token';
const PHONE_NUMBER_ID = '100200300400500';

/** Both fakes on one server; `accepted` maps each E.164 number to when its message was accepted. */
export async function startFakeProviders() {
  const accepted = new Map();
  let n = 0;
  const twilioAuth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) {
        if (req.headers.authorization !== twilioAuth) return answer(401, { code: 20003, message: 'Authenticate' });
        const form = new URLSearchParams(body);
        if (!form.get('To') || !form.get('Body')) return answer(400, { code: 21604, message: 'A To and a Body are required' });
        accepted.set(form.get('To'), performance.now());
        return answer(201, { sid: `SM${String(++n).padStart(32, '0')}`, status: 'queued', to: form.get('To') });
      }
      if (req.method === 'POST' && req.url === `/v21.0/${PHONE_NUMBER_ID}/messages`) {
        if (req.headers.authorization !== `Bearer ${GRAPH_TOKEN}`) return answer(401, { error: { code: 190, message: 'Invalid OAuth' } });
        let msg;
        try {
          msg = JSON.parse(body);
        } catch {
          return answer(400, { error: { code: 100, message: 'Invalid parameter' } });
        }
        if (msg.messaging_product !== 'whatsapp' || !msg.to || msg.type !== 'template' || !msg.template?.name)
          return answer(400, { error: { code: 100, message: 'Invalid parameter' } });
        accepted.set(`+${msg.to}`, performance.now());
        return answer(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: msg.to, wa_id: msg.to }],
          messages: [{ id: `wamid.HBgN${String(++n).padStart(24, '0')}` }],
        });
      }
      answer(404, { message: 'not found' });
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, accepted, close: () => new Promise((r) => server.close(r)) };
}

/** The product's settings that send AR-SMS through Twilio and AR-WhatsApp through Meta, both to the fakes at `url`. */
export const providerEnv = (url) => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: url,
  WHATSAPP_PROVIDER: 'meta',
  WHATSAPP_API_URL: `${url}/v21.0`,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  WHATSAPP_TOKEN: GRAPH_TOKEN,
  WHATSAPP_APP_SECRET: 'bench-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'bench-verify',
  WHATSAPP_TEMPLATE: 'aviso_ar',
});

/** `count` distinct valid mobiles of São Paulo (DDD 11, 9 then 8 digits), as typed and as the providers get them. */
export const mobiles = (prefix, count) =>
  Array.from({ length: count }, (_, i) => {
    const digits = `119${String(prefix * 1_000_000 + i).padStart(8, '0')}`;
    return { typed: `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`, e164: `+55${digits}` };
  });
