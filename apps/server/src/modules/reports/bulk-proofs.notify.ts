import type { AppContext } from '../../context.ts';
import type { JobProof } from './bulk-proofs-job.queries.ts';

/** The one place a ready proof is announced (docs/reports.md). */
export async function notifyProofReady(
  ctx: AppContext,
  proof: Pick<JobProof, 'comp_codigo' | 'comp_cod_referencia' | 'cod_usu' | 'comp_payload'> & { comp_data_expiracao: Date },
  _owner: { usu_nome: string },
): Promise<void> {
  ctx.log.info({ comp_codigo: proof.comp_codigo }, 'bulk proof ready');
}
