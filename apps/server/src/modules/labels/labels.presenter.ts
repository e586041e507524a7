import type { Label } from '@ar/core';
import type { LabelRow } from './labels.queries.ts';

export const presentLabel = (r: LabelRow): Label => ({ eti_codigo: r.eti_codigo, eti_nome: r.eti_nome, eti_cor: r.eti_cor.trim() });
