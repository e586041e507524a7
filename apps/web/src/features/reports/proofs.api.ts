import type { BulkProof, BulkProofBody, BulkProofCreatedResponse } from '@ar/core';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';

/** POST /reports/proofs: starts a proof ('Em processamento...'); the caller shows the server's message on a refusal. */
export const createProofCall = (body: BulkProofBody) =>
  api<BulkProofCreatedResponse>('/reports/proofs', { method: 'POST', body, silent: true });

/** GET /reports/proofs/{reference}: the proof's file (PDF or ZIP) under its name. */
export const downloadProof = (p: BulkProof) => downloadFile(`/reports/proofs/${p.comp_cod_referencia}`, `comprovantes.${p.formato}`);
