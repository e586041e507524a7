import type { BulkProof } from '@ar/core';
import type { ProofRow } from './bulk-proofs.queries.ts';

/**
 * A proof as the table shows it (spec 002 §2): in processing without an expiry date and with its
 * progress; ready with its expiry date; expired once that date passed (the file is then removed);
 * the badge while the user has an unread notification of it (cleared by the download).
 */
export function presentBulkProof(row: ProofRow, now = new Date()): BulkProof {
  const expiry = row.comp_data_expiracao ? new Date(row.comp_data_expiracao) : null;
  const expired = row.comp_status === 'pronto' && expiry !== null && expiry < now;
  return {
    comp_codigo: row.comp_codigo,
    comp_cod_referencia: row.comp_cod_referencia,
    comp_payload: row.comp_payload,
    comp_data_criacao: new Date(row.comp_data_criacao).toISOString(),
    comp_data_expiracao: row.comp_status === 'pronto' && expiry ? expiry.toISOString() : null,
    status: expired ? 'expirado' : row.comp_status,
    progresso: { feitos: row.comp_feitos, total: row.comp_total },
    formato: row.comp_formato,
    tamanho: row.comp_tamanho === null ? null : Number(row.comp_tamanho),
    sha256: row.comp_sha256,
    alerta: (row.alerta ?? false) && !expired,
  };
}
