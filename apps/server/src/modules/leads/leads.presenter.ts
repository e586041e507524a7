import type { CustomFieldDef, CustomFieldsResponse, Lead } from '@ar/core';
import type { LeadRow } from './leads.queries.ts';

/** A recipient as the API answers it: every field of spec 001 §3, listed one by one. */
export function presentLead(r: LeadRow): Lead {
  return {
    lea_codigo: r.lea_codigo,
    lea_nome: r.lea_nome,
    lea_email: r.lea_email,
    lea_sobrenome: r.lea_sobrenome,
    lea_cpf: r.lea_cpf,
    lea_telefone: r.lea_telefone,
    lea_celular: r.lea_celular,
    lea_endereco: r.lea_endereco,
    lea_cidade: r.lea_cidade,
    lea_estado: r.lea_estado as Lead['lea_estado'],
    lea_cep: r.lea_cep,
    lea_nascimento: r.lea_nascimento,
    lea_profissao: r.lea_profissao,
    lea_estado_civil: r.lea_estado_civil as Lead['lea_estado_civil'],
    lea_cnpj: r.lea_cnpj,
    lea_fantasia: r.lea_fantasia,
    lea_razao_social: r.lea_razao_social,
    lea_inscricao_estadual: r.lea_inscricao_estadual,
    lea_sexo: r.lea_sexo as Lead['lea_sexo'],
    lea_custom_field: { data: r.lea_custom_field?.data ?? [] },
  };
}

/** The user's custom variables as the custom-fields routes answer them. */
export const presentCustomFields = (data: CustomFieldDef[]): CustomFieldsResponse => ({ customField: { data } });
