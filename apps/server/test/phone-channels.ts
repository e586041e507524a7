import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { twilioSignature } from '../src/modules/channels/signatures.ts';
import type { FakeAnswer, ReceivedRequest } from './fake-provider.ts';
import { waitFor } from './smtp-sink.ts';

// What the phone channels' tests share (docs/channels.md): the providers' sides a fake plays, the
// provider's acceptance a send waits for, and Twilio's signed callbacks. Meta's are in meta-webhook.ts.

/**
 * Twilio's Messages resource of account `sid` as a fake provider answers it: 201 with a new `SM…`
 * sid for a send, 404 (20404) for any other path.
 */
export function twilioMessagesAnswer(sid: string): (req: ReceivedRequest) => FakeAnswer {
  let sent = 0;
  return (req) =>
    req.method === 'POST' && req.path === `/2010-04-01/Accounts/${sid}/Messages.json`
      ? { status: 201, body: { sid: `SM${(++sent).toString(16).padStart(32, '0')}`, status: 'queued' } }
      : { status: 404, body: { code: 20404, message: 'Not found' } };
}

/**
 * The Graph API's send as a fake provider answers it: every POST to `…/messages` accepted with a
 * new `wamid.{prefix}{n}`, anything else 404 (code 100).
 */
export function graphMessagesAnswer(prefix: string): (req: ReceivedRequest) => FakeAnswer {
  let sent = 0;
  return (req) => {
    if (req.method !== 'POST' || !req.path.endsWith('/messages'))
      return { status: 404, body: { error: { message: 'Unknown path', code: 100 } } };
    const to = String((req.json as { to?: unknown } | null)?.to ?? '');
    return {
      body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${prefix}${++sent}` }] },
    };
  };
}

/** Waits for the provider's acceptance of a message (its `mensagens_provedor` row, of `channel` when given). */
export async function providerAcceptance(db: Kysely<DB>, cod_email: number, channel?: 'sms' | 'whatsapp') {
  const row = await waitFor(
    () => {
      let query = db
        .selectFrom('mensagens_provedor')
        .select(['id_provedor', 'provedor', 'numero', 'canal'])
        .where('cod_email', '=', cod_email);
      if (channel) query = query.where('canal', '=', channel);
      return query.executeTakeFirst();
    },
    (r) => r !== undefined,
  );
  if (!row) throw new Error(`no provider accepted message ${cod_email}`);
  return row;
}

/** A message's events of every channel in chain order, each with its stamp's token (null before it is stamped). */
export function eventsWithStamps(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select(['e.evt_seq', 'e.evt_canal', 'e.evt_tipo', 'e.evt_detalhes', 'e.evt_hash', 'c.car_token'])
    .where('e.cod_email', '=', cod_email)
    .orderBy('e.evt_seq')
    .execute();
}

/**
 * POST `/v2{path}` as Twilio posts a callback: the form, signed with X-Twilio-Signature over
 * `publicUrl` + the path called and the fields with `token` ('bad': another token; 'none': unsigned).
 */
export function postTwilioWebhook(
  app: FastifyInstance,
  path: string,
  form: Record<string, string>,
  opts: { token: string; publicUrl: string; sign?: 'valid' | 'bad' | 'none' },
) {
  const sign = opts.sign ?? 'valid';
  const signature = twilioSignature(sign === 'bad' ? 'another-token' : opts.token, `${opts.publicUrl}/v2${path}`, form);
  return app.inject({
    method: 'POST',
    url: `/v2${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(sign === 'none' ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(form).toString(),
  });
}
