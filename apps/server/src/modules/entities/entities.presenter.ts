import type { CompanyOption, EntityInvite, EntityOption, EntityRow } from '@ar/core';
import type { EntityRecord } from './entities.queries.ts';

/** An entity as the screens see it (spec 000 §3): the plan type also as plano.pla_tipo_plano. */
export function presentEntity(r: EntityRecord): EntityRow {
  return {
    ent_codigo: r.ent_codigo,
    ent_uuid: r.ent_uuid,
    ent_razao_social: r.ent_razao_social,
    ent_nome_fantasia: r.ent_nome_fantasia,
    ent_descricao: r.ent_descricao,
    ent_cnpj: r.ent_cnpj,
    ent_inscricao_estadual: r.ent_inscricao_estadual,
    ent_inscricao_municipal: r.ent_inscricao_municipal,
    ent_telefone: r.ent_telefone,
    ent_telefone2: r.ent_telefone2,
    ent_celular: r.ent_celular,
    cod_ger_empresa: r.cod_ger_empresa,
    emp_nome_fantasia: r.emp_nome_fantasia,
    ent_tipo_plano: r.ent_tipo_plano,
    plano: { pla_tipo_plano: r.ent_tipo_plano },
    ent_from_name_default: r.ent_from_name_default,
    ent_from_default: r.ent_from_default,
  };
}

/** GET /entidades/{uuid}: only the name, for the public sign-up page. */
export const presentEntityInvite = (r: { ent_uuid: string; ent_nome_fantasia: string }): EntityInvite => ({
  ent_uuid: r.ent_uuid,
  ent_nome_fantasia: r.ent_nome_fantasia,
});

export const presentCompany = (r: { emp_codigo: number; emp_nome_fantasia: string }): CompanyOption => ({
  emp_codigo: r.emp_codigo,
  emp_nome_fantasia: r.emp_nome_fantasia,
});

export const presentEntityOption = (r: EntityOption): EntityOption => ({
  ent_codigo: r.ent_codigo,
  ent_nome_fantasia: r.ent_nome_fantasia,
  ent_tipo_plano: r.ent_tipo_plano,
});
