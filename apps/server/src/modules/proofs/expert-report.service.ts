import type { CascadeView } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { presentCascade } from '../cascade/cascade.presenter.ts';
import { findCascade } from '../cascade/cascade.queries.ts';
import { type EventForHash, eventSerialisation } from '../evidence/canonical.ts';
import { checkOwnEvidence, type EvidenceReport, evidenceTsa } from '../evidence/evidence.service.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { publicPageUrl, tsaCertificateUrl } from './format.ts';
import type { ProofEvent, ProofMessage } from './proofs.queries.ts';
import { loadOwnMessage } from './proofs.service.ts';

export interface ExpertReportData {
  msg: ProofMessage;
  events: (ProofEvent & { serialisation: string; stamp: EvidenceReport['stamps'][number] | undefined })[];
  evidence: EvidenceReport;
  publicUrl: string;
  tsaCertificateUrl: string;
  /** The built-in TSA's certificate (PEM): what its tokens verify against. */
  builtinTsaPem: string;
  issuer: { nome: string; login: string };
  generatedAt: Date;
  /** The message's channel cascade, when it went with one (docs/cascade.md). */
  cascade?: CascadeView | null;
}

/** The exact bytes an event's hash covers (docs/evidence.md), from its stored fields. */
export function storedEventSerialisation(uuid: string, e: ProofEvent): string {
  const fields: EventForHash = {
    uuid,
    seq: e.evt_seq,
    canal: e.evt_canal,
    tipo: e.evt_tipo,
    data: new Date(e.evt_data),
    ip: e.evt_ip,
    userAgent: e.evt_user_agent,
    cidade: e.evt_cidade,
    estado: e.evt_estado,
    pais: e.evt_pais,
    lat: e.evt_lat === null ? null : Number(e.evt_lat),
    lng: e.evt_lng === null ? null : Number(e.evt_lng),
    detalhes: e.evt_detalhes,
    hashAnterior: e.evt_hash_anterior,
  };
  return eventSerialisation(fields);
}

/**
 * Everything the expert report shows: the user's own message (404 otherwise), each event with its
 * stamp, the chain recomputed from what is stored and each stamp checked against it.
 */
export async function expertReportData(ctx: AppContext, scope: TenantScope, id: number, now = new Date()): Promise<ExpertReportData> {
  const { msg, events } = await loadOwnMessage(ctx, scope, id);
  const evidence = await checkOwnEvidence(ctx, scope, id);
  if (!evidence) throw new Error(`message ${id} vanished while its report was made`);
  const tsa = await evidenceTsa(ctx.config);
  const stamps = new Map(evidence.stamps.map((s) => [s.evt_codigo, s]));
  return {
    msg,
    events: events.map((e) => ({
      ...e,
      serialisation: storedEventSerialisation(msg.ema_uni_id, e),
      stamp: stamps.get(Number(e.evt_codigo)),
    })),
    evidence,
    publicUrl: publicPageUrl(ctx.config.publicUrl, msg.ema_uni_id),
    tsaCertificateUrl: tsaCertificateUrl(ctx.config.publicUrl),
    builtinTsaPem: tsa.builtin.certificatePem,
    issuer: { nome: scope.actor.usu_nome, login: scope.actor.usu_login },
    generatedAt: now,
    cascade: presentCascade(await findCascade(ctx.db, id)),
  };
}
