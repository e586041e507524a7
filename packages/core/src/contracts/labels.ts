import { z } from '../zod.ts';
import { listQuerySchema, messageResponse, pagedResponse } from './common.ts';

/** Default label colour (spec 001 §9: 194d33). */
export const DEFAULT_LABEL_COLOR = '#194d33';
const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;

export const LABEL_MSG = {
  listError: 'Houve um erro ao obter as etiquetas',
  getError: 'Houve um erro ao obter a etiqueta',
  saveError: 'Houve um erro ao salvar o etiqueta',
  updateError: 'Houve um erro ao atualizar o etiqueta',
  removeError: 'Houve um erro ao remover a etiqueta',
  created: 'Etiqueta incluída com sucesso!',
  updated: 'Etiqueta atualizada com sucesso!',
  removed: 'Etiqueta removida com sucesso!',
  invalidColor: 'Cor inválida, tente outra cor!',
  nameRequired: 'Informe o nome da etiqueta.',
  nameTooLong: 'O nome da etiqueta deve ter no máximo 60 caracteres.',
  duplicateName: 'Já existe uma etiqueta com este nome.',
} as const;

/**
 * What makes two label names the same label: case, accents and repeated spaces aside
 * ('Jurídico', 'JURIDICO' and 'juridico ' are one label; a person filtering by tag could not tell
 * them apart).
 */
export function labelNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').replace(/\s+/g, ' ').trim();
}

/** A colour as the picker accepts it: #rrggbb (the # may be missing when pasted). */
export function normalizeHexColor(value: string): string | null {
  const v = value.trim();
  const withHash = v.startsWith('#') ? v : `#${v}`;
  return HEX_COLOR_RE.test(withHash) ? withHash.toLowerCase() : null;
}

export const labelBody = z.object({
  eti_nome: z.string({ error: LABEL_MSG.nameRequired }).trim().min(1, LABEL_MSG.nameRequired).max(60, LABEL_MSG.nameTooLong),
  eti_cor: z.string({ error: LABEL_MSG.invalidColor }).transform((s, ctx) => {
    const color = normalizeHexColor(s);
    if (!color) {
      ctx.addIssue({ code: 'custom', message: LABEL_MSG.invalidColor });
      return z.NEVER;
    }
    return color;
  }),
});
export type LabelBody = z.input<typeof labelBody>;

export const LABEL_COLUMNS = ['eti_codigo', 'eti_nome', 'eti_cor'] as const;
export const labelListQuery = listQuerySchema({
  columns: LABEL_COLUMNS,
  defaultColumn: 'eti_codigo',
  defaultOrder: 'ASC',
  defaultLimit: 10,
});

export const labelSchema = z.object({ eti_codigo: z.number().int(), eti_nome: z.string(), eti_cor: z.string() });
export type Label = z.infer<typeof labelSchema>;

/** Responses: the list, one label, a saved label with its message. */
export const labelListResponse = pagedResponse('etiquetas', labelSchema);
export type LabelListResponse = z.infer<typeof labelListResponse>;
export const labelSavedResponse = messageResponse.extend({ etiqueta: labelSchema });
export type LabelSavedResponse = z.infer<typeof labelSavedResponse>;
