import { createHash } from 'node:crypto';

/**
 * The canonical serialisations behind every hash of the evidence (docs/evidence.md). Each is a
 * JSON array with a fixed order of fields, the first being a version tag; the only objects inside
 * (event details, SMS/WhatsApp data) are written with their keys sorted, recursively. The bytes
 * hashed are the UTF-8 of JSON.stringify of that array. Never change a version's layout: add a new
 * version tag instead, or every stored chain stops verifying.
 */

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** JSON with object keys sorted at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export interface MessageForHash {
  ema_uni_id: string;
  ema_uni_from: string;
  ema_uni_to: string | null;
  ema_uni_subject: string;
  ema_uni_content: string;
  ema_uni_sms: unknown;
  ema_uni_whatsapp: unknown;
  ema_uni_attachments: { attachments: { originalFilename: string; mime: string; size: number; sha256: string }[] };
}

/** ["AR-MSG-1", uuid, from, to, subject, sha256(content), sms, whatsapp, [[name, mime, size, sha256], ...]] */
export function messageSerialisation(m: MessageForHash): string {
  return canonicalJson([
    'AR-MSG-1',
    m.ema_uni_id,
    m.ema_uni_from,
    m.ema_uni_to,
    m.ema_uni_subject,
    sha256Hex(m.ema_uni_content),
    m.ema_uni_sms ?? null,
    m.ema_uni_whatsapp ?? null,
    (m.ema_uni_attachments?.attachments ?? []).map((a) => [a.originalFilename, a.mime, a.size, a.sha256]),
  ]);
}

export const messageHash = (m: MessageForHash) => sha256Hex(messageSerialisation(m));

/** Where a message's chain starts: sha256("AR-GENESIS-1\n" + uuid + "\n" + message hash). */
export const genesisHash = (uuid: string, msgHash: string) => sha256Hex(`AR-GENESIS-1\n${uuid}\n${msgHash}`);

export interface EventForHash {
  uuid: string;
  seq: number;
  canal: string;
  tipo: string;
  data: Date;
  ip: string | null;
  userAgent: string | null;
  cidade: string | null;
  estado: string | null;
  pais: string | null;
  lat: number | null;
  lng: number | null;
  detalhes: unknown;
  hashAnterior: string;
}

/**
 * ["AR-EVT-1", message uuid, seq, channel, type, time (ISO 8601 UTC, milliseconds), ip, user agent,
 *  city, state, country, lat, lng, details (sorted keys), previous hash]
 */
export function eventSerialisation(e: EventForHash): string {
  return canonicalJson([
    'AR-EVT-1',
    e.uuid,
    e.seq,
    e.canal,
    e.tipo,
    e.data.toISOString(),
    e.ip,
    e.userAgent,
    e.cidade,
    e.estado,
    e.pais,
    e.lat,
    e.lng,
    e.detalhes ?? {},
    e.hashAnterior,
  ]);
}

export const eventHash = (e: EventForHash) => sha256Hex(eventSerialisation(e));
