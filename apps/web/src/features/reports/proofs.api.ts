import type { BulkProof } from '@ar/core';
import { downloadFile } from '../../api/download.ts';
import { type ApiBody, apiClient } from '../../api/typed-client.ts';

/** POST /reports/proofs: starts a proof ('Em processamento...'); the caller shows the server's message on a refusal. */
export const createProofCall = (body: ApiBody<'post', '/v2/reports/proofs'>) =>
  apiClient.POST('/v2/reports/proofs', { body, silent: true });

/** GET /reports/proofs/{reference}: the proof's file (PDF or ZIP) under its name. */
export const downloadProof = (p: BulkProof) => downloadFile(`/reports/proofs/${p.comp_cod_referencia}`, `comprovantes.${p.formato}`);
