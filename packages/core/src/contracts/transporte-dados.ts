import { z } from '../zod.ts';
import { messageResponse } from './common.ts';

/**
 * Data transports (spec 002 §3 "Data transport template", §7 /transporte-dados): a saved column
 * mapping of the Gerar Remessas page, so the same spreadsheet layout is turned into the batch
 * layout again without mapping it by hand (docs/gerar-remessas.md).
 */
export const TRANSPORTE_MSG = {
  saveError: 'Houve um erro ao tentar salvar o transporte dos dados',
  removedTitle: 'Exclusão',
  removed: 'Transporte dos Dados removido com sucesso!',
  // Ours (the spec shows no text for these):
  created: 'Transporte dos Dados salvo com sucesso!',
  updated: 'Transporte dos Dados atualizado com sucesso!',
  listError: 'Houve um erro ao obter os transportes dos dados',
  removeError: 'Houve um erro ao remover o transporte dos dados',
  nameRequired: 'Informe o nome do transporte dos dados.',
  nameTooLong: 'O nome do transporte dos dados deve ter no máximo 100 caracteres.',
  camposRequired: 'Informe os campos do transporte dos dados.',
  tooManyFields: 'O transporte dos dados deve ter no máximo 500 campos em cada lista.',
  fieldTooLong: 'Cada nome de campo deve ter no máximo 200 caracteres.',
  fieldNotString: 'Os campos do transporte dos dados devem ser textos.',
  planilhaLength: 'A lista planilha deve ter um item para cada campo da remessa.',
  monetaryUnknown: 'Os campos monetários devem estar entre os campos da remessa.',
  fixedUnknown: 'Os valores fixos devem ser de campos da remessa.',
  fixedTooLong: 'Um valor fixo deve ter no máximo 500 caracteres.',
  tooMany: 'Limite de 200 transportes dos dados atingido: remova um que não use mais para salvar outro.',
} as const;

export const TRANSPORTE_NAME_MAX = 100;
/** A batch model or a sheet with more columns than this is not a layout a person maps by hand. */
export const TRANSPORTE_FIELDS_MAX = 500;
export const TRANSPORTE_FIELD_MAX = 200;
/** A fixed value of a field (a subject is at most 180 in a batch file; a template name 100). */
export const TRANSPORTE_FIXED_MAX = 500;
/** Transports one user keeps (the modal lists them all in one answer). */
export const TRANSPORTES_MAX = 200;

const fieldName = z.string({ error: TRANSPORTE_MSG.fieldNotString }).max(TRANSPORTE_FIELD_MAX, TRANSPORTE_MSG.fieldTooLong);
const fieldList = z.array(fieldName, { error: TRANSPORTE_MSG.camposRequired }).max(TRANSPORTE_FIELDS_MAX, TRANSPORTE_MSG.tooManyFields);

/**
 * rem_trans_campos (spec 002 §3):
 * - `remessaOrigin`: the batch model's header as it was in the file; `remessa`: the fields shown for
 *   mapping (sequenced columns grouped, e.g. 'VALOR 1 até 10', when the page grouped them);
 * - `planilhaOrigin`: the sheet's header (or its letters A, B, C… when it had none); `planilha`: for
 *   each `remessa` field, in the same order, the sheet field mapped to it ('' when none);
 * - `campoAgrupamento`: the sheet column whose equal values merge rows into one batch line ('' for none);
 * - `tiposDadosSelected`: the `remessa` fields whose data type is Monetário;
 * - `valoresFixos`: `remessa` field → the value every line takes instead of a sheet column (ours,
 *   issue 43; absent in transports saved before).
 */
export const transporteCampos = z
  .object(
    {
      remessa: fieldList.min(1, TRANSPORTE_MSG.camposRequired),
      remessaOrigin: fieldList.min(1, TRANSPORTE_MSG.camposRequired),
      planilha: fieldList,
      planilhaOrigin: fieldList.min(1, TRANSPORTE_MSG.camposRequired),
      campoAgrupamento: fieldName.default(''),
      tiposDadosSelected: fieldList.default([]),
      valoresFixos: z
        .record(fieldName, z.string({ error: TRANSPORTE_MSG.fieldNotString }).max(TRANSPORTE_FIXED_MAX, TRANSPORTE_MSG.fixedTooLong))
        .default({}),
    },
    { error: TRANSPORTE_MSG.camposRequired },
  )
  .superRefine((v, ctx) => {
    if (v.planilha.length !== v.remessa.length) ctx.addIssue({ code: 'custom', message: TRANSPORTE_MSG.planilhaLength });
    if (v.tiposDadosSelected.some((f) => !v.remessa.includes(f))) {
      ctx.addIssue({ code: 'custom', message: TRANSPORTE_MSG.monetaryUnknown });
    }
    if (Object.keys(v.valoresFixos).some((f) => !v.remessa.includes(f))) {
      ctx.addIssue({ code: 'custom', message: TRANSPORTE_MSG.fixedUnknown });
    }
  });
export type TransporteCampos = z.infer<typeof transporteCampos>;

export const transporteBody = z.object({
  rem_trans_nome: z
    .string({ error: TRANSPORTE_MSG.nameRequired })
    .trim()
    .min(1, TRANSPORTE_MSG.nameRequired)
    .max(TRANSPORTE_NAME_MAX, TRANSPORTE_MSG.nameTooLong),
  rem_trans_campos: transporteCampos,
});
export type TransporteBody = z.input<typeof transporteBody>;

/** Responses: one transport, the list the modal shows, a saved transport with its message. */
export const transporteSchema = z.object({
  rem_trans_codigo: z.number().int(),
  rem_trans_nome: z.string(),
  rem_trans_campos: z.object({
    remessa: z.array(z.string()),
    remessaOrigin: z.array(z.string()),
    planilha: z.array(z.string()),
    planilhaOrigin: z.array(z.string()),
    campoAgrupamento: z.string(),
    tiposDadosSelected: z.array(z.string()),
    valoresFixos: z.record(z.string(), z.string()),
  }),
  rem_trans_data_criacao: z.string(),
});
export type Transporte = z.infer<typeof transporteSchema>;

export const transporteListResponse = z.object({ transportes: z.array(transporteSchema) });
export type TransporteListResponse = z.infer<typeof transporteListResponse>;
export const transporteSavedResponse = messageResponse.extend({ transporte: transporteSchema });
export type TransporteSavedResponse = z.infer<typeof transporteSavedResponse>;
