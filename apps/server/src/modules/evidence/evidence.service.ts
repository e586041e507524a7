import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { EVIDENCE_MSG } from '@ar/core';
import type * as pkijs from 'pkijs';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { DrainingError } from '../../ops/lifecycle.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { type ChainReport, checkChain, checkOwnChain } from './chain-check.ts';
import { recomputeEventHash, type StoredEvent } from './chain-fields.ts';
import {
  findEventByHash,
  findEventsForStamp,
  findStampByTokenHash,
  insertStamps,
  type NewStamp,
  stampsOfMessage,
} from './evidence.queries.ts';
import { type BuiltinTsa, loadBuiltinTsa } from './tsa/builtin-tsa.ts';
import { certificatesFromPem } from './tsa/pki.ts';
import { checkToken, type TokenCheck } from './tsa/token.ts';
import { requestStamp } from './tsa/tsa-client.ts';

export interface EvidenceTsa {
  builtin: BuiltinTsa;
  /** Certificates a token must chain to: the built-in TSA's, plus TSA_CA_FILE's. */
  trusted: pkijs.Certificate[];
}

const tsas = new Map<string, Promise<EvidenceTsa>>();

/** The installation's TSA material, made or read once per DATA_DIR. */
export function evidenceTsa(config: Pick<Config, 'dataDir' | 'tsaCaFile'>): Promise<EvidenceTsa> {
  const key = `${config.dataDir}\n${config.tsaCaFile ?? ''}`;
  let loading = tsas.get(key);
  if (!loading) {
    loading = (async () => {
      const builtin = await loadBuiltinTsa(config.dataDir);
      const extra = config.tsaCaFile ? certificatesFromPem(await fs.readFile(config.tsaCaFile, 'utf8')) : [];
      return { builtin, trusted: [builtin.certificate, ...extra] };
    })();
    loading.catch(() => tsas.delete(key));
    tsas.set(key, loading);
  }
  return loading;
}

/**
 * Stamp requests in flight at once to an outside TSA (TSA_URL); the built-in one signs ECDSA in
 * this thread, and RSA (older folders) in libuv's pool (4 threads by default).
 */
const TSA_CONCURRENCY = 4;
/** Tokens between two turns of the event loop while the built-in TSA signs in this thread. */
const YIELD_EVERY = 32;

/**
 * Gets the time stamps of several events (a batch of the stamp queue): one query reads them, the
 * TSA stamps each, one statement stores the stamps. Answers each event's outcome; an event the TSA
 * could not stamp gets its error (its job retries), the others are stored all the same.
 */
export async function stampEvents(ctx: AppContext, evt_codigos: number[]): Promise<Map<number, 'stamped' | 'already' | 'missing' | Error>> {
  const outcomes = new Map<number, 'stamped' | 'already' | 'missing' | Error>(evt_codigos.map((id) => [id, 'missing']));
  const rows = evt_codigos.length ? await findEventsForStamp(ctx.db, [...new Set(evt_codigos)]) : [];
  const todo = rows.filter((r) => r.car_codigo === null);
  for (const r of rows) if (r.car_codigo !== null) outcomes.set(Number(r.evt_codigo), 'already');
  if (todo.length === 0) return outcomes;
  const tsa = await evidenceTsa(ctx.config);
  const stamps: NewStamp[] = [];
  const stampOne = async (r: (typeof todo)[number]) => {
    const evt_codigo = Number(r.evt_codigo);
    try {
      const stamp = await requestStamp(r.evt_hash, { url: ctx.config.tsaUrl, builtin: tsa.builtin });
      stamps.push({
        evt_codigo,
        car_token: stamp.token,
        car_token_sha256: createHash('sha256').update(stamp.token).digest('hex'),
        car_serial: stamp.serialHex,
        car_gen_time: stamp.genTime,
        car_tsa: stamp.tsaName,
        car_tsa_url: stamp.tsaUrl,
      });
    } catch (error) {
      outcomes.set(evt_codigo, error as Error);
    }
  };
  for (let i = 0; i < todo.length; i += TSA_CONCURRENCY) {
    // A stopping process stamps what is in flight and gives the rest back (their job is retried).
    if (ctx.lifecycle?.draining) {
      for (const r of todo.slice(i)) outcomes.set(Number(r.evt_codigo), new DrainingError());
      break;
    }
    await Promise.all(todo.slice(i, i + TSA_CONCURRENCY).map(stampOne));
    // Requests and SMTP replies get their turn in between.
    if ((i + TSA_CONCURRENCY) % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await insertStamps(ctx.db, stamps);
  for (const s of stamps) outcomes.set(s.evt_codigo, 'stamped');
  return outcomes;
}

/** What the validation of a token for a hash found (evidence.presenter.ts words it). */
export interface StampValidation {
  tokenDer: Uint8Array;
  hashHex: string;
  check: TokenCheck;
  /** Signed by this installation's built-in TSA (not an ICP-Brasil accredited ACT). */
  isBuiltin: boolean;
  /** The event of this service whose hash it is, when it is one. */
  event: { evt_canal: string; evt_tipo: string; evt_data: Date } | null;
}

/** The DER of a token given in base64 (a data: URL prefix, as a file picker gives it, is dropped). */
export const tokenFromBase64 = (base64: string) => new Uint8Array(Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64'));

/** POST /v2/emails/validar-carimbo: is this token a valid time stamp of this hash, and who stamped it when. */
export async function validateStamp(ctx: AppContext, tokenDer: Uint8Array, hashHex: string): Promise<StampValidation> {
  const tsa = await evidenceTsa(ctx.config);
  const check = await checkToken(tokenDer, hashHex, tsa.trusted);
  const event = await findEventByHash(ctx.db, hashHex);
  const builtinDer = tsa.builtin.certificate.toSchema().toBER(false);
  const signerDer = check.signer?.toSchema().toBER(false);
  const isBuiltin = !!signerDer && Buffer.from(signerDer).equals(Buffer.from(builtinDer));
  return { tokenDer, hashHex, check, isBuiltin, event: event ?? null };
}

/** GET /v2/emails/validar-carimbo/{token}: the validation of a stored stamp, against its event's hash as stored now (404 when none). */
export async function validateStoredStamp(ctx: AppContext, tokenSha256: string): Promise<StampValidation> {
  const stamp = await findStampByTokenHash(ctx.db, tokenSha256);
  if (!stamp) throw new AppError(404, EVIDENCE_MSG.notFound);
  return validateStamp(ctx, new Uint8Array(stamp.car_token), stamp.evt_hash);
}

/** POST /v2/tsa: the built-in TSA's TimeStampResp (DER) to a TimeStampReq. */
export async function answerTimeStampRequest(ctx: AppContext, request: Uint8Array): Promise<Uint8Array> {
  return (await evidenceTsa(ctx.config)).builtin.respond(request);
}

/** GET /v2/tsa/certificado.pem: the built-in TSA's certificate. */
export async function builtinTsaCertificatePem(ctx: AppContext): Promise<string> {
  return (await evidenceTsa(ctx.config)).builtin.certificatePem;
}

export interface EvidenceReport extends ChainReport {
  /** Per event: stamped or not, and whether its stamp covers the hash its stored fields give now. */
  stamps: {
    evt_codigo: number;
    evt_seq: number;
    isStamped: boolean;
    isStampValid: boolean;
    genTime: string | null;
    tsa: string | null;
    problems: string[];
  }[];
}

/**
 * The chain check plus every stamp checked against the event as stored now (the expert report's
 * source): a changed byte in an event breaks its chain link and its stamp alike. By the message's
 * id: the system's check (tests).
 */
export async function checkEvidence(ctx: AppContext, cod_email: number): Promise<EvidenceReport | null> {
  const chain = await checkChain(ctx.db, cod_email);
  return chain ? withStamps(ctx, chain) : null;
}

/** The same for the signed-in user's own message (the expert report): another user's message answers null. */
export async function checkOwnEvidence(ctx: AppContext, scope: TenantScope, cod_email: number): Promise<EvidenceReport | null> {
  const chain = await checkOwnChain(ctx.db, scope, cod_email);
  return chain ? withStamps(ctx, chain) : null;
}

async function withStamps(ctx: AppContext, chain: ChainReport): Promise<EvidenceReport> {
  const tsa = await evidenceTsa(ctx.config);
  const rows = await stampsOfMessage(ctx.db, chain.cod_email);
  const stamps: EvidenceReport['stamps'] = [];
  for (const row of rows) {
    // The stamp covers the hash of the event's fields as stored now, with the previous hash it stores.
    const hash = recomputeEventHash(chain.uuid, row as unknown as StoredEvent, row.evt_hash_anterior);
    const check = row.car_token ? await checkToken(new Uint8Array(row.car_token), hash, tsa.trusted) : null;
    stamps.push({
      evt_codigo: Number(row.evt_codigo),
      evt_seq: row.evt_seq,
      isStamped: !!check,
      isStampValid: !!check && check.problems.length === 0,
      genTime: check?.parsed?.genTime.toISOString() ?? null,
      tsa: check?.parsed?.tsaName ?? null,
      problems: check?.problems ?? [],
    });
  }
  return { ...chain, stamps };
}
