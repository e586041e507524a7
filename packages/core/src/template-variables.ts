import { type CustomFieldDef, formatBirthDate, LEAD_MSG, type LeadCustomValue } from './contracts/leads.ts';

/** The built-in template variables of spec 001 §3 and the recipient field each one reads. */
export const BUILTIN_VARIABLES = {
  NOME: 'lea_nome',
  EMAIL: 'lea_email',
  SOBRENOME: 'lea_sobrenome',
  CPF: 'lea_cpf',
  TELEFONE: 'lea_telefone',
  CELULAR: 'lea_celular',
  ENDERECO: 'lea_endereco',
  CIDADE: 'lea_cidade',
  ESTADO: 'lea_estado',
  CEP: 'lea_cep',
  DATA_NASCIMENTO: 'lea_nascimento',
  SEXO: 'lea_sexo',
  PROFISSAO: 'lea_profissao',
  ESTADO_CIVIL: 'lea_estado_civil',
  CNPJ: 'lea_cnpj',
  RAZAO_SOCIAL: 'lea_razao_social',
  FANTASIA: 'lea_fantasia',
  INSCRICAO_ESTADUAL: 'lea_inscricao_estadual',
} as const;
export type BuiltinVariable = keyof typeof BUILTIN_VARIABLES;
export type LeadField = (typeof BUILTIN_VARIABLES)[BuiltinVariable];
export const BUILTIN_VARIABLE_NAMES = Object.keys(BUILTIN_VARIABLES) as BuiltinVariable[];

export const placeholder = (name: string) => `*|${name}|*`;

/**
 * The custom-variable rule of spec 001 §5: uppercase, accents removed, spaces turned into
 * underscores, other non-alphanumeric characters dropped; answers the placeholder *|NAME|*.
 */
export function formatCustomVariable(typed: string): string {
  const name = typed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Z0-9_]/g, '');
  return placeholder(name);
}

/** The name inside a placeholder: *|NOME|* → NOME. */
export const variableName = (value: string) => value.replace(/^\*\|/, '').replace(/\|\*$/, '');

/** A new custom variable from the typed name, or the spec's message why it cannot be one. */
export function newCustomVariable(typed: string, existing: CustomFieldDef[]): { field: CustomFieldDef } | { error: string } {
  const value = formatCustomVariable(typed);
  if (value.length <= 4) return { error: LEAD_MSG.variableEmpty };
  const name = variableName(value);
  const taken = (BUILTIN_VARIABLE_NAMES as string[]).includes(name) || existing.some((f) => f.value === value);
  if (taken) return { error: LEAD_MSG.variableExists };
  return { field: { id: `cf_${name}`, description: typed.trim(), value } };
}

/** A recipient as the substitution reads it: the lea_* fields and its custom values. */
export type VariableSource = Partial<Record<LeadField, string | null | undefined>> & {
  lea_custom_field?: { data: LeadCustomValue[] } | null;
};

/** Text made safe to place inside HTML (element content or a quoted attribute). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * THE substitution of template variables, used by compose and batch files: every *|NAME|* of a
 * built-in variable becomes the recipient's field (empty when the recipient has none); a custom
 * variable becomes the recipient's value, or empty when it is one of `customFields` the recipient
 * has no value for. Anything else between *| and |* is left as written. With `html`, values are
 * escaped so a recipient's data can never inject markup into an HTML body.
 */
export function applyTemplateVariables(
  text: string,
  lead: VariableSource,
  opts: { customFields?: CustomFieldDef[]; html?: boolean } = {},
): string {
  const known = new Set((opts.customFields ?? []).map((f) => f.value));
  const customValues = new Map<string, string>();
  for (const entry of lead.lea_custom_field?.data ?? []) customValues.set(entry.href, entry.value);
  return text.replace(/\*\|([A-Z0-9_]+)\|\*/g, (whole, name: string) => {
    let value: string | undefined;
    if (name in BUILTIN_VARIABLES) {
      const field = BUILTIN_VARIABLES[name as BuiltinVariable];
      const raw = lead[field] ?? '';
      value = field === 'lea_nascimento' ? formatBirthDate(raw) : raw;
    } else if (customValues.has(whole)) {
      value = customValues.get(whole);
    } else if (known.has(whole)) {
      value = '';
    }
    if (value === undefined) return whole;
    return opts.html ? escapeHtml(value) : value;
  });
}
