import { formatBrl } from '../money.ts';
import { escapeHtml } from '../template-variables.ts';
import { cnjProblem, formatCnj } from '../validators/cnj.ts';
import { formatCpfOrCnpj, isCpfOrCnpj } from '../validators/document.ts';
import { z } from '../zod.ts';
import { parseBirthDate } from './leads.ts';

/**
 * The legal notice (ofício) of spec 001 §2.12 and §5: a structured form that courts and law offices
 * fill in place of the free body of a message. The server renders it into the message (the
 * evidence covers the rendered notice) and keeps the fields for search and display.
 */
export const OFICIO_MSG = {
  numeroProcessoRequired: 'Informe o número do processo.',
  comarcaRequired: 'Informe a comarca.',
  varaRequired: 'Informe a vara.',
  finalidadeRequired: 'Informe a finalidade do ofício.',
  numeroOficioRequired: 'Informe o número do ofício.',
  cnjFormat: 'Número CNJ inválido: use o formato NNNNNNN-DD.AAAA.J.TR.OOOO (20 dígitos).',
  cnjSegment: 'Número CNJ inválido: o segmento do Judiciário (J) deve ser de 1 a 9.',
  cnjCheckDigits: 'Número CNJ inválido: os dígitos verificadores (DD) não conferem. Confira o número do processo.',
  partyNameRequired: 'Informe o nome da parte.',
  partyDocument: 'CPF ou CNPJ inválido.',
  tooManyParties: 'Informe no máximo 20 partes em cada polo.',
  dataInclusao: 'Informe uma data de inclusão válida (dd/mm/aaaa).',
  moneyNegative: 'O valor não pode ser negativo.',
  moneyTooLarge: 'Valor acima do permitido.',
  prazo: 'Informe o prazo em dias (de 0 a 3650).',
} as const;

export const OFICIO_PARTY_ROLES = ['requerentes', 'requeridos', 'exequentes', 'executados'] as const;
export type OficioPartyRole = (typeof OFICIO_PARTY_ROLES)[number];
export const OFICIO_PARTY_LABELS: Record<OficioPartyRole, string> = {
  requerentes: 'Requerentes',
  requeridos: 'Requeridos',
  exequentes: 'Exequentes',
  executados: 'Executados',
};

const MAX_PARTIES = 20;
const MAX_MONEY = 1e13;

const required = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

const party = z.object({
  nome: required(150, OFICIO_MSG.partyNameRequired),
  documento: z
    .string()
    .trim()
    .max(20, OFICIO_MSG.partyDocument)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isCpfOrCnpj(v), OFICIO_MSG.partyDocument)
    .transform((v) => (v ? formatCpfOrCnpj(v) : '')),
});
export type OficioParty = z.output<typeof party>;

const parties = z
  .array(party)
  .max(MAX_PARTIES, OFICIO_MSG.tooManyParties)
  .nullish()
  .transform((v) => v ?? []);

/** Reais with centavos, never negative; null when not informed. */
const money = z
  .number({ error: OFICIO_MSG.moneyNegative })
  .min(0, OFICIO_MSG.moneyNegative)
  .max(MAX_MONEY, OFICIO_MSG.moneyTooLarge)
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : Math.round(v * 100) / 100));

/** dd/mm/aaaa of a day that exists (31/02 does not), by the recipients' birth-date rule. */
export const isBrazilianDate = (value: string) => /^\d{2}\/\d{2}\/\d{4}$/.test(value) && parseBirthDate(value) !== null;

export const oficioSchema = z.object({
  numeroProcesso: required(60, OFICIO_MSG.numeroProcessoRequired),
  numeroCnj: z
    .string()
    .trim()
    .max(30, OFICIO_MSG.cnjFormat)
    .nullish()
    .transform((v) => v ?? '')
    .superRefine((v, ctx) => {
      if (!v) return;
      const problem = cnjProblem(v);
      if (problem === 'format') ctx.addIssue({ code: 'custom', message: OFICIO_MSG.cnjFormat });
      else if (problem === 'segment') ctx.addIssue({ code: 'custom', message: OFICIO_MSG.cnjSegment });
      else if (problem === 'checkDigits') ctx.addIssue({ code: 'custom', message: OFICIO_MSG.cnjCheckDigits });
    })
    .transform((v) => (v ? formatCnj(v) : '')),
  comarca: required(120, OFICIO_MSG.comarcaRequired),
  vara: required(120, OFICIO_MSG.varaRequired),
  requerentes: parties,
  requeridos: parties,
  exequentes: parties,
  executados: parties,
  finalidade: required(4000, OFICIO_MSG.finalidadeRequired),
  numeroOficio: required(60, OFICIO_MSG.numeroOficioRequired),
  procedimento: optionalText(200),
  valorDebito: money,
  dataInclusao: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isBrazilianDate(v), OFICIO_MSG.dataInclusao),
  prazo: z
    .number({ error: OFICIO_MSG.prazo })
    .int(OFICIO_MSG.prazo)
    .min(0, OFICIO_MSG.prazo)
    .max(3650, OFICIO_MSG.prazo)
    .nullish()
    .transform((v) => v ?? null),
  multa: money,
});
export type OficioInput = z.input<typeof oficioSchema>;
export type Oficio = z.output<typeof oficioSchema>;

/** The field each problem belongs to, as the form shows it ('requerentes.0.documento'). */
export function oficioProblems(value: OficioInput): Record<string, string> {
  const parsed = oficioSchema.safeParse(value);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

// formatBrl lives in money.ts (no zod there, so the Gerar Remessas worker can import it alone).
export { formatBrl };

const partyText = (p: OficioParty) => (p.documento ? `${p.nome} (${p.documento.length > 14 ? 'CNPJ' : 'CPF'} ${p.documento})` : p.nome);

/**
 * The notice as rows of label and text, in the order of the layout: what the sent detail, the public
 * page, the sending proof and the expert report show. Fields not informed are left out.
 */
export function oficioRows(o: Oficio): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [
    { label: 'Ofício nº', value: o.numeroOficio },
    { label: 'Processo nº', value: o.numeroProcesso },
  ];
  if (o.numeroCnj) rows.push({ label: 'Número CNJ', value: o.numeroCnj });
  rows.push({ label: 'Comarca', value: o.comarca }, { label: 'Vara', value: o.vara });
  if (o.procedimento) rows.push({ label: 'Procedimento', value: o.procedimento });
  for (const role of OFICIO_PARTY_ROLES) {
    if (o[role].length) rows.push({ label: OFICIO_PARTY_LABELS[role], value: o[role].map(partyText).join('\n') });
  }
  rows.push({ label: 'Finalidade', value: o.finalidade });
  if (o.valorDebito !== null) rows.push({ label: 'Valor do débito', value: formatBrl(o.valorDebito) });
  if (o.multa !== null) rows.push({ label: 'Multa', value: formatBrl(o.multa) });
  if (o.dataInclusao) rows.push({ label: 'Data de inclusão', value: o.dataInclusao });
  if (o.prazo !== null) rows.push({ label: 'Prazo', value: o.prazo === 1 ? '1 dia' : `${o.prazo} dias` });
  return rows;
}

const html = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/**
 * The notice as the body of the message, in the layout of an ofício: the court's header (comarca
 * and vara), the notice and process numbers, the parties by role, the purpose, debt and fine, the
 * deadline. Every value is escaped; the server renders it (the same function draws the preview).
 */
export function renderOficioHtml(o: Oficio): string {
  const line = (label: string, value: string) => `<p><strong>${escapeHtml(label)}:</strong> ${html(value)}</p>`;
  const parts: string[] = [
    `<p style="text-align: center"><strong>PODER JUDICIÁRIO</strong><br>Comarca de ${html(o.comarca)}<br>${html(o.vara)}</p>`,
    `<h2 style="text-align: center">Ofício nº ${html(o.numeroOficio)}</h2>`,
    line('Processo nº', o.numeroProcesso),
  ];
  if (o.numeroCnj) parts.push(line('Número CNJ', o.numeroCnj));
  if (o.procedimento) parts.push(line('Procedimento', o.procedimento));
  for (const role of OFICIO_PARTY_ROLES) {
    if (!o[role].length) continue;
    parts.push(
      `<p><strong>${OFICIO_PARTY_LABELS[role]}:</strong></p><ul>${o[role].map((p) => `<li>${html(partyText(p))}</li>`).join('')}</ul>`,
    );
  }
  parts.push(line('Finalidade', o.finalidade));
  if (o.valorDebito !== null) parts.push(line('Valor do débito', formatBrl(o.valorDebito)));
  if (o.multa !== null) parts.push(line('Multa', formatBrl(o.multa)));
  if (o.dataInclusao) parts.push(line('Data de inclusão', o.dataInclusao));
  if (o.prazo !== null) parts.push(line('Prazo', o.prazo === 1 ? '1 dia' : `${o.prazo} dias`));
  return parts.join('');
}

/** Words a person may search the sent list by: the process number, the CNJ number with and without its mask, the notice number. */
export function oficioSearchText(o: Oficio): string {
  return [o.numeroProcesso, o.numeroCnj, o.numeroCnj.replace(/\D/g, ''), o.numeroOficio].filter(Boolean).join(' ');
}

/**
 * A sent notice as the sent detail, the public page and the proofs show it: its rows, the SHA-256
 * of its fields (canonical JSON) and whether that hash is the one chained in the message's first
 * event ('processed'), so a field changed in the database after sending shows as not matching.
 */
export const oficioEvidenceSchema = z.object({
  campos: z.array(z.object({ label: z.string(), value: z.string() })),
  sha256: z.string(),
  confere: z.boolean(),
});
export type OficioEvidence = z.output<typeof oficioEvidenceSchema>;
