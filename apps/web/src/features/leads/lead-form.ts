import { type CustomFieldDef, formatBirthDate, type Lead, maskDigits, maskTelefone } from '@ar/core';
import type { LeadPayload } from './leads.api.ts';
import { MASKS } from './masks.ts';

/** The recipient form holds text as typed (masked); custom values by variable id. */
export interface LeadForm {
  lea_nome: string;
  lea_email: string;
  lea_sobrenome: string;
  lea_cpf: string;
  lea_telefone: string;
  lea_celular: string;
  lea_endereco: string;
  lea_cidade: string;
  lea_estado: string;
  lea_cep: string;
  lea_nascimento: string;
  lea_profissao: string;
  lea_estado_civil: string;
  lea_cnpj: string;
  lea_fantasia: string;
  lea_razao_social: string;
  lea_inscricao_estadual: string;
  lea_sexo: string;
  custom: Record<string, string>;
}

export function leadToForm(lead: Lead | null): LeadForm {
  const custom: Record<string, string> = {};
  for (const c of lead?.lea_custom_field.data ?? []) custom[c.id] = c.value;
  return {
    lea_nome: lead?.lea_nome ?? '',
    lea_email: lead?.lea_email ?? '',
    lea_sobrenome: lead?.lea_sobrenome ?? '',
    lea_cpf: maskDigits(lead?.lea_cpf ?? '', MASKS.lea_cpf),
    lea_telefone: maskTelefone(lead?.lea_telefone ?? ''),
    lea_celular: maskDigits(lead?.lea_celular ?? '', MASKS.lea_celular),
    lea_endereco: lead?.lea_endereco ?? '',
    lea_cidade: lead?.lea_cidade ?? '',
    lea_estado: lead?.lea_estado ?? '',
    lea_cep: maskDigits(lead?.lea_cep ?? '', MASKS.lea_cep),
    lea_nascimento: formatBirthDate(lead?.lea_nascimento),
    lea_profissao: lead?.lea_profissao ?? '',
    lea_estado_civil: lead?.lea_estado_civil ?? '',
    lea_cnpj: maskDigits(lead?.lea_cnpj ?? '', MASKS.lea_cnpj),
    lea_fantasia: lead?.lea_fantasia ?? '',
    lea_razao_social: lead?.lea_razao_social ?? '',
    lea_inscricao_estadual: lead?.lea_inscricao_estadual ?? '',
    lea_sexo: lead?.lea_sexo ?? '',
    custom,
  };
}

/** The payload of POST/PUT /leads: the contract parses it (digits only, ISO date, empty → null). */
export function formToBody(form: LeadForm, fields: CustomFieldDef[], lead: Lead | null): LeadPayload {
  const { custom, ...rest } = form;
  const known = new Set(fields.map((f) => f.id));
  // Values of variables the user has since removed are kept as they were.
  const kept = (lead?.lea_custom_field.data ?? []).filter((c) => !known.has(c.id));
  const data = [
    ...kept,
    ...fields.map((f) => ({ id: f.id, value: (custom[f.id] ?? '').trim(), description: f.description, href: f.value })),
  ].filter((c) => c.value !== '');
  return { ...rest, lea_custom_field: { data } } as LeadPayload;
}
