import { createHash } from 'node:crypto';
import { PROOF_MSG, type SendingProof } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { eventsWithStamps } from '../emails/events.queries.ts';
import { checkOwnChain } from '../evidence/chain-check.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { presentSendingProof } from './proofs.presenter.ts';
import { findOwnMessageForProof, insertDocumentLog, type ProofEvent, type ProofMessage } from './proofs.queries.ts';

export interface LoadedMessage {
  msg: ProofMessage;
  events: ProofEvent[];
}

/** The user's own message and its events; anyone else's (or none) is a 404. */
export async function loadOwnMessage(ctx: AppContext, scope: TenantScope, id: number): Promise<LoadedMessage> {
  const msg = await findOwnMessageForProof(ctx.db, scope, id);
  if (!msg) throw notFound(PROOF_MSG.notFound);
  return { msg, events: await eventsWithStamps(ctx.db, id) };
}

/** GET /emails/sending-proof/{id}: the sending proof of the user's own message, as data. */
export async function sendingProof(ctx: AppContext, scope: TenantScope, id: number, now = new Date()): Promise<SendingProof> {
  const { msg, events } = await loadOwnMessage(ctx, scope, id);
  const chain = await checkOwnChain(ctx.db, scope, id);
  return presentSendingProof(msg, events, { chainIntact: chain?.isIntact ?? false, publicUrl: ctx.config.publicUrl, now });
}

export interface Requester {
  name?: string;
  email?: string;
  ip: string | null;
  userAgent: string | null;
}

/** Records who took which document of a message, with the SHA-256 of the PDF handed out. */
export async function logDocument(
  ctx: AppContext,
  scope: TenantScope,
  cod_email: number,
  tipo: 'comprovante' | 'laudo',
  pdf: Uint8Array,
  who: Requester,
): Promise<string> {
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const { actor } = scope;
  const logged = await insertDocumentLog(ctx.db, scope, cod_email, {
    doc_tipo: tipo,
    doc_usuario_nome: actor.usu_nome.slice(0, 200),
    doc_usuario_login: actor.usu_login.slice(0, 320),
    doc_nome_informado: who.name || null,
    doc_email_informado: who.email || null,
    doc_ip: who.ip?.slice(0, 64) ?? null,
    doc_user_agent: who.userAgent,
    doc_sha256: sha256,
  });
  if (!logged) throw notFound(PROOF_MSG.notFound);
  return sha256;
}
