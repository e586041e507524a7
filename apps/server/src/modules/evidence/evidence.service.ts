import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { brasiliaDateTime, EVIDENCE_MSG, type ValidarCarimboResult } from '@ar/core';
import type * as pkijs from 'pkijs';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { type ChainReport, checkChain, recomputeEventHash, type StoredEvent } from './chain.ts';
import {
  findEventByHash,
  findEventsForStamp,
  findStampByTokenHash,
  insertStamps,
  type NewStamp,
  stampsOfMessage,
} from './evidence.queries.ts';
import { type BuiltinTsa, loadBuiltinTsa } from './tsa/builtin-tsa.ts';
import { certificatesFromPem, OID } from './tsa/pki.ts';
import { checkToken } from './tsa/token.ts';
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
    await Promise.all(todo.slice(i, i + TSA_CONCURRENCY).map(stampOne));
    // Requests and SMTP replies get their turn in between.
    if ((i + TSA_CONCURRENCY) % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await insertStamps(ctx.db, stamps);
  for (const s of stamps) outcomes.set(s.evt_codigo, 'stamped');
  return outcomes;
}

/** dd/MM/yyyy HH:mm:ss in Brasília time. */
const brasilia = (d: Date) => brasiliaDateTime(d, { seconds: true });

/** POST /v2/emails/validar-carimbo: is this token a valid time stamp of this hash, and who stamped it when. */
export async function validateStamp(ctx: AppContext, tokenDer: Uint8Array, hashHex: string): Promise<ValidarCarimboResult> {
  const tsa = await evidenceTsa(ctx.config);
  const check = await checkToken(tokenDer, hashHex, tsa.trusted);
  const p = check.parsed;
  const isValid = check.problems.length === 0;
  const event = await findEventByHash(ctx.db, hashHex);
  const builtinDer = tsa.builtin.certificate.toSchema().toBER(false);
  const signerDer = check.signer?.toSchema().toBER(false);
  const isBuiltin = !!signerDer && Buffer.from(signerDer).equals(Buffer.from(builtinDer));
  return {
    token: createHash('sha256').update(tokenDer).digest('hex'),
    valido: isValid,
    mensagem:
      isValid && p
        ? `${EVIDENCE_MSG.valid(brasilia(p.genTime), p.tsaName)}${isBuiltin ? ` ${EVIDENCE_MSG.builtinWarning}` : ''}`
        : `${EVIDENCE_MSG.invalid} ${check.problems[0]}`,
    carimbadoPor: p?.tsaName ?? null,
    dataHora: p?.genTime.toISOString() ?? null,
    dataHoraBrasilia: p ? brasilia(p.genTime) : null,
    hashCarimbado: p?.imprintHex ?? null,
    hashInformado: hashHex,
    algoritmo: p ? (p.imprintAlgorithm === OID.sha256 ? 'SHA-256' : p.imprintAlgorithm) : null,
    serial: p?.serialHex ?? null,
    politica: p?.policy ?? null,
    tsaEmbutida: isBuiltin,
    verificacoes: { assinatura: check.isSignatureValid, cadeiaCertificados: check.isChainValid, hash: check.isHashCovered },
    problemas: check.problems,
    evento: event ? { canal: event.evt_canal, tipo: event.evt_tipo, ocorridoEm: new Date(event.evt_data).toISOString() } : null,
  };
}

/** GET /v2/emails/validar-carimbo/{token}: the validation of a stored stamp, against its event's hash as stored now. */
export async function validateStoredStamp(ctx: AppContext, tokenSha256: string): Promise<ValidarCarimboResult | null> {
  const stamp = await findStampByTokenHash(ctx.db, tokenSha256);
  if (!stamp) return null;
  return validateStamp(ctx, new Uint8Array(stamp.car_token), stamp.evt_hash);
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
 * source): a changed byte in an event breaks its chain link and its stamp alike.
 */
export async function checkEvidence(ctx: AppContext, cod_email: number): Promise<EvidenceReport | null> {
  const chain = await checkChain(ctx.db, cod_email);
  if (!chain) return null;
  const tsa = await evidenceTsa(ctx.config);
  const rows = await stampsOfMessage(ctx.db, cod_email);
  const stamps: EvidenceReport['stamps'] = [];
  for (const row of rows) {
    // The stamp covers the hash of the event's fields as stored now, with the previous hash it stores.
    const hash = recomputeEventHash(chain.uuid, row as unknown as StoredEvent, row.evt_hash_anterior);
    if (!row.car_token) {
      stamps.push({
        evt_codigo: Number(row.evt_codigo),
        evt_seq: row.evt_seq,
        isStamped: false,
        isStampValid: false,
        genTime: null,
        tsa: null,
        problems: [],
      });
      continue;
    }
    const check = await checkToken(new Uint8Array(row.car_token), hash, tsa.trusted);
    stamps.push({
      evt_codigo: Number(row.evt_codigo),
      evt_seq: row.evt_seq,
      isStamped: true,
      isStampValid: check.problems.length === 0,
      genTime: check.parsed?.genTime.toISOString() ?? null,
      tsa: check.parsed?.tsaName ?? null,
      problems: check.problems,
    });
  }
  return { ...chain, stamps };
}
