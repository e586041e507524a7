import type { ReportFormat, ReportType } from '@ar/core';
import { downloadFile } from '../../api/download.ts';

/** GET /reports: the file, saved under the name its `filename` header gives. */
export const downloadReport = (q: { tipo: ReportType; format: ReportFormat; dataInicial: string; dataFinal: string }) =>
  downloadFile(`/reports?${new URLSearchParams(q).toString()}`, `relatorio-${q.tipo}.${q.format}`);
