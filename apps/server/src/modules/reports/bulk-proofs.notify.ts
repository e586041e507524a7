import { PROOF_READY_KIND } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import type { JobProof } from './bulk-proofs-job.queries.ts';

/**
 * The one place a ready proof is announced: a stored notification of the proofs sector for its
 * owner, with the proof's reference (the row's badge, the menu's count), which pushes
 * `totalAlertas` and `notifyByProofs` to the owner's open tabs (docs/realtime.md). Called after the
 * proof is marked ready; a failure here is logged, never undoes the file.
 */
export async function notifyProofReady(
  ctx: AppContext,
  proof: Pick<JobProof, 'comp_cod_referencia' | 'cod_usu' | 'comp_payload'>,
): Promise<void> {
  try {
    await raiseNotification(ctx, {
      userId: proof.cod_usu,
      sector: 1,
      kind: PROOF_READY_KIND,
      reference: proof.comp_cod_referencia,
      text: `O comprovante "${proof.comp_payload.payload.nameProof}" está pronto para download.`,
    });
  } catch (err) {
    ctx.log.error({ err, referencia: proof.comp_cod_referencia }, 'bulk proof ready, notification not stored');
  }
}
