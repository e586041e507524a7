import { ENTITY_MSG, type entityBody, type ListQuery } from '@ar/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requirePermission, type TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './entities.queries.ts';

type EntityInput = z.output<typeof entityBody>;

/** The entities in the actor's scope (tenant-scope.ts): another tenant's id is simply not found. */
export const listEntities = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listEntities(ctx.db, scope, query);

async function entityInScope(ctx: AppContext, scope: TenantScope, entCodigo: number) {
  return (await q.findEntity(ctx.db, scope, entCodigo)) ?? Promise.reject(notFound());
}

/** The company of a new or edited entity: one of the administrator's own. */
async function companyFor(ctx: AppContext, scope: TenantScope, empCodigo: number | undefined) {
  if (!empCodigo) throw badRequest(ENTITY_MSG.companyRequired);
  const company = await q.findCompany(ctx.db, scope, empCodigo);
  if (!company) throw notFound();
  return company;
}

function valuesOf(body: EntityInput, empCodigo: number): q.EntityValues {
  return {
    ent_nome_fantasia: body.ent_nome_fantasia,
    ent_razao_social: body.ent_razao_social,
    ent_descricao: body.ent_descricao,
    ent_cnpj: body.ent_cnpj,
    ent_inscricao_estadual: body.ent_inscricao_estadual,
    ent_inscricao_municipal: body.ent_inscricao_municipal,
    ent_telefone: body.ent_telefone,
    ent_telefone2: body.ent_telefone2,
    ent_celular: body.ent_celular,
    ent_tipo_plano: body.plano.pla_tipo_plano,
    cod_ger_empresa: empCodigo,
  };
}

/** POST /entidade (level 3): a new entity in one of the administrator's companies. */
export async function createEntity(ctx: AppContext, scope: TenantScope, body: EntityInput) {
  requirePermission(scope.canManageEntities);
  const company = await companyFor(ctx, scope, body.cod_ger_empresa);
  const id = await q.insertEntity(ctx.db, scope, valuesOf(body, company.emp_codigo));
  if (!id) throw notFound();
  return entityInScope(ctx, scope, id);
}

/** PUT /entidade (level 3): the body names the entity by ent_codigo. */
export async function updateEntity(ctx: AppContext, scope: TenantScope, body: EntityInput) {
  const current = await entityInScope(ctx, scope, body.ent_codigo ?? 0);
  requirePermission(scope.canManageEntities);
  const company = await companyFor(ctx, scope, body.cod_ger_empresa ?? current.cod_ger_empresa);
  if (!(await q.updateEntity(ctx.db, scope, current.ent_codigo, valuesOf(body, company.emp_codigo)))) throw notFound();
  return entityInScope(ctx, scope, current.ent_codigo);
}

/** GET /entidades/{uuid}: public, the sign-up link's secret uuid is the key. */
export async function getEntityInvite(ctx: AppContext, uuid: string) {
  return (await q.findEntityByUuid(ctx.db, uuid)) ?? Promise.reject(notFound());
}

export const listCompanies = (ctx: AppContext, scope: TenantScope) => q.listCompanies(ctx.db, scope);

export async function listEntitiesOfCompany(ctx: AppContext, scope: TenantScope, empCodigo: number) {
  const company = await q.findCompany(ctx.db, scope, empCodigo);
  if (!company) throw notFound();
  return q.listEntitiesOfCompany(ctx.db, scope, empCodigo);
}
