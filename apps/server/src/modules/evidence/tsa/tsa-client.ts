import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { observeTimestamp } from '../../../ops/metrics.ts';
import type { BuiltinTsa } from './builtin-tsa.ts';
import { OID, positiveRandom } from './pki.ts';
import { parseToken } from './token.ts';

export interface StampResult {
  /** The TimeStampToken (ContentInfo), DER. */
  token: Uint8Array;
  serialHex: string;
  genTime: Date;
  tsaName: string;
  tsaUrl: string | null;
}

/** A TimeStampReq for a SHA-256 hash (the hash is the messageImprint), with a nonce, asking for the certificate. */
export function buildRequest(hashHex: string): { der: Uint8Array<ArrayBuffer>; nonceHex: string } {
  const nonce = positiveRandom(8);
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: Buffer.from(hashHex, 'hex') }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return { der: new Uint8Array(req.toSchema().toBER(false)), nonceHex: nonce.toString('hex') };
}

/** Reads a TimeStampResp: the token when granted, an error naming the TSA's refusal otherwise. */
export function readResponse(der: Uint8Array, hashHex: string, nonceHex: string): StampResult {
  const resp = pkijs.TimeStampResp.fromBER(new Uint8Array(der));
  const status = resp.status.status;
  if ((status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) || !resp.timeStampToken) {
    const text = resp.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    throw new Error(`TSA refused the request (status ${status}${text ? `: ${text}` : ''})`);
  }
  const token = new Uint8Array(resp.timeStampToken.toSchema().toBER(false));
  const parsed = parseToken(token);
  // The answer must be for this request: same imprint, same nonce (no replayed or mixed-up token).
  if (parsed.imprintHex !== hashHex) throw new Error('TSA answered a token for another hash');
  if (parsed.nonceHex?.replace(/^0+/, '') !== nonceHex.replace(/^0+/, '')) throw new Error('TSA answered a token with another nonce');
  return { token, serialHex: parsed.serialHex, genTime: parsed.genTime, tsaName: parsed.tsaName, tsaUrl: null };
}

/**
 * Asks for a time stamp over a SHA-256 hash: from TSA_URL (RFC 3161 over HTTP) when configured,
 * otherwise from the built-in TSA in process. Throws when the TSA cannot be reached or refuses;
 * the stamp queue retries.
 */
export function requestStamp(hashHex: string, tsa: { url?: string; builtin: BuiltinTsa }): Promise<StampResult> {
  // Timed and counted (ar_timestamp_*, docs/operations.md); its outcome feeds /readyz's TSA check.
  return observeTimestamp(tsa.url ? 'externa' : 'builtin', () => stampOnce(hashHex, tsa));
}

async function stampOnce(hashHex: string, tsa: { url?: string; builtin: BuiltinTsa }): Promise<StampResult> {
  if (!tsa.url) {
    // In process: the same token the built-in TSA grants over HTTP, without the request and answer round trip.
    const issued = await tsa.builtin.issue(hashHex);
    return { ...issued, tsaName: tsa.builtin.name, tsaUrl: null };
  }
  const { der, nonceHex } = buildRequest(hashHex);
  const res = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: der,
    signal: AbortSignal.timeout(20_000),
  });
  if (!res.ok) throw new Error(`TSA ${tsa.url} answered HTTP ${res.status}`);
  const result = readResponse(new Uint8Array(await res.arrayBuffer()), hashHex, nonceHex);
  return { ...result, tsaUrl: tsa.url };
}
