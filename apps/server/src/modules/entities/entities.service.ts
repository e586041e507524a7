import { ENTITY_MSG, type entityBody, type ListQuery } from '@ar/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { requirePermission, tenantScope } from '../tenancy/tenant-scope.ts';
import { presentEntity } from './entities.presenter.ts';
import * as q from './entities.queries.ts';

type EntityInput = z.output<typeof entityBody>;

export async function listEntities(ctx: AppContext, actor: Actor, query: ListQuery) {
  const { rows, pagination } = await q.listEntities(ctx.db, tenantScope(actor), query);
  return { entidades: rows.map(presentEntity), pagination };
}

/** The company of a new or edited entity: one of the administrator's own. */
async function companyFor(ctx: AppContext, actor: Actor, empCodigo: number | undefined) {
  if (!empCodigo) throw badRequest(ENTITY_MSG.companyRequired);
  const company = await q.findCompany(ctx.db, tenantScope(actor), empCodigo);
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

export async function createEntity(ctx: AppContext, actor: Actor, body: EntityInput) {
  const scope = tenantScope(actor);
  requirePermission(scope.canManageEntities);
  const company = await companyFor(ctx, actor, body.cod_ger_empresa);
  const id = await q.insertEntity(ctx.db, valuesOf(body, company.emp_codigo));
  const row = await q.findEntity(ctx.db, scope, id);
  return { message: ENTITY_MSG.created, entidade: row && presentEntity(row) };
}

export async function updateEntity(ctx: AppContext, actor: Actor, body: EntityInput) {
  const scope = tenantScope(actor);
  const current = body.ent_codigo ? await q.findEntity(ctx.db, scope, body.ent_codigo) : undefined;
  if (!current) throw notFound();
  requirePermission(scope.canManageEntities);
  const company = await companyFor(ctx, actor, body.cod_ger_empresa ?? current.cod_ger_empresa);
  await q.updateEntity(ctx.db, current.ent_codigo, valuesOf(body, company.emp_codigo));
  const row = await q.findEntity(ctx.db, scope, current.ent_codigo);
  return { message: ENTITY_MSG.updated, entidade: row && presentEntity(row) };
}

export async function getEntityInvite(ctx: AppContext, uuid: string) {
  const row = await q.findEntityByUuid(ctx.db, uuid);
  if (!row) throw notFound();
  return { ent_uuid: row.ent_uuid, ent_nome_fantasia: row.ent_nome_fantasia };
}

export async function listCompanies(ctx: AppContext, actor: Actor) {
  return { empresas: await q.listCompanies(ctx.db, tenantScope(actor)) };
}

export async function listEntitiesOfCompany(ctx: AppContext, actor: Actor, empCodigo: number) {
  const scope = tenantScope(actor);
  const company = await q.findCompany(ctx.db, scope, empCodigo);
  if (!company) throw notFound();
  return { entidades: await q.listEntitiesOfCompany(ctx.db, scope, empCodigo) };
}
