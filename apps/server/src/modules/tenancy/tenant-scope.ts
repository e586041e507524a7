import { MSG } from '@ar/core';
import { type Expression, type SqlBool, sql } from 'kysely';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';

/**
 * The one place that turns the signed-in user into what it may reach (docs/people.md):
 *
 * - level 3 (Administrador): the companies whose cod_ger_adm is its admin code
 *   (usuarios.cod_ger_adm; an administrator's own usu_codigo), their entities and their users;
 * - level 2 (Gerente): its own entity (read) and the users of that entity up to level 2;
 * - level 1 (Usuário): only itself.
 *
 * Changing rows is narrower than reading them: `managedUsers` (create, edit, block, remove, re-invite)
 * are the users in scope for levels 2 and 3 and none for level 1, who reads only itself;
 * `managedEntities` are the entities in scope for level 3 only (a manager reads its entity).
 *
 * Plans (docs/plans.md) follow the same rule: the plans of the users in scope and of the entities
 * in scope, plus the plan the actor itself draws on (read). So a manager reaches its entity's plan
 * and the plans of its entity's users up to level 2, never an administrator's; a user only its own.
 * Changing a plan (credits, active flag) is narrower, `managedPlans`: an administrator any plan in
 * scope; a manager the plans of the other users in scope (not its own, not its entity's); a user none.
 *
 * The rows of a plan (its ledger, plano_movimentos, and its store purchases, log_creditos) are
 * `planRows`: their cod_plano is a plan the actor may read.
 *
 * A user's own records (messages, labels, templates, contacts, whitelist, senders, attachments,
 * received mail, sessions) are `own` rows: their cod_usu is the actor. Every level reaches only its
 * own. The actor's own usuarios row (My Account, its password) is `own(alias, 'usu_codigo')`.
 *
 * Every query of a tenant's data takes the scope as its first argument after the database and puts
 * one of these filters in its where, writes by id included, so a row of another tenant is never
 * found: its id answers 404 like an id that does not exist. The filters are SQL over the alias the
 * query gives the table (the table's name when it has no alias).
 */
export interface TenantScope {
  readonly actor: Actor;
  /** The user whose own rows these are: the cod_usu of rows the actor inserts. */
  readonly owner: number;
  /** Rows owned by the actor: `alias.cod_usu` (or `column`) is the actor's usu_codigo. */
  own(alias: string, column?: string): Expression<SqlBool>;
  /** usuarios rows the actor may read (alias of usuarios). */
  users(alias: string): Expression<SqlBool>;
  /** usuarios rows the actor may change: the users in scope for levels 2 and 3, none for level 1. */
  managedUsers(alias: string): Expression<SqlBool>;
  /** entidades rows the actor may read (alias of entidades). */
  entities(alias: string): Expression<SqlBool>;
  /** entidades rows the actor may change: the entities in scope for level 3, none below. */
  managedEntities(alias: string): Expression<SqlBool>;
  /** empresas rows (alias of empresas). */
  companies(alias: string): Expression<SqlBool>;
  /** planos rows the actor may read (alias of planos). */
  plans(alias: string): Expression<SqlBool>;
  /** planos rows the actor may change: credits and the active flag (alias of planos). */
  managedPlans(alias: string): Expression<SqlBool>;
  /** Rows of a plan the actor may read (plano_movimentos, log_creditos): `alias.cod_plano` (or `column`) is in `plans`. */
  planRows(alias: string, column?: string): Expression<SqlBool>;
  /** The same rule as `managedPlans`, for a plan row already read in scope (the list's `gerenciavel`). */
  canManagePlan(row: { pla_nivel: number; pla_codigo_usu_ent: number }): boolean;
  /** Create, edit, block, remove and re-invite the users in scope: levels 2 and 3. */
  readonly canManageUsers: boolean;
  /** Create and edit entities, choose the company of a user or an entity: level 3. */
  readonly canManageEntities: boolean;
  /**
   * See the replies without a reference kept unassigned (docs/unassigned-replies.md):
   * level 3, for the replies that may answer a message of a user in `users`.
   */
  readonly canSeeUnassignedReplies: boolean;
}

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const nothing = sql<SqlBool>`false`;

/** The administration an actor belongs to: its cod_ger_adm (for an administrator, itself). */
function adminCodeOf(actor: Pick<Actor, 'usu_codigo' | 'cod_ger_adm'>): number {
  return actor.cod_ger_adm ?? actor.usu_codigo;
}

type RowScope = Pick<TenantScope, 'users' | 'entities' | 'companies' | 'canManageUsers' | 'canManageEntities'>;

function rowScope(actor: Actor): RowScope {
  if (actor.usu_nivel === 3) {
    const adm = adminCodeOf(actor);
    const companiesOfAdmin = sql`(SELECT emp_codigo FROM empresas WHERE cod_ger_adm = ${adm})`;
    const entitiesOfAdmin = sql`(SELECT ent_codigo FROM entidades WHERE cod_ger_empresa IN ${companiesOfAdmin})`;
    return {
      users: (a) => sql<SqlBool>`${col(a, 'cod_ger_entidade')} IN ${entitiesOfAdmin}`,
      entities: (a) => sql<SqlBool>`${col(a, 'cod_ger_empresa')} IN ${companiesOfAdmin}`,
      companies: (a) => sql<SqlBool>`${col(a, 'cod_ger_adm')} = ${adm}`,
      canManageUsers: true,
      canManageEntities: true,
    };
  }
  if (actor.usu_nivel === 2) {
    const entity = actor.cod_ger_entidade;
    const company = actor.cod_ger_empresa;
    return {
      users: (a) => (entity === null ? nothing : sql<SqlBool>`(${col(a, 'cod_ger_entidade')} = ${entity} AND ${col(a, 'usu_nivel')} <= 2)`),
      entities: (a) => (entity === null ? nothing : sql<SqlBool>`${col(a, 'ent_codigo')} = ${entity}`),
      companies: (a) => (company === null ? nothing : sql<SqlBool>`${col(a, 'emp_codigo')} = ${company}`),
      canManageUsers: true,
      canManageEntities: false,
    };
  }
  return {
    users: (a) => sql<SqlBool>`${col(a, 'usu_codigo')} = ${actor.usu_codigo}`,
    entities: () => nothing,
    companies: () => nothing,
    canManageUsers: false,
    canManageEntities: false,
  };
}

export function tenantScope(actor: Actor): TenantScope {
  const rows = rowScope(actor);
  // The plan the actor draws on (plan-source.ts): its own, or its entity's when postpaid.
  const ownPlan = (a: string) => {
    const mine = sql<SqlBool>`(${col(a, 'pla_nivel')} = 1 AND ${col(a, 'pla_codigo_usu_ent')} = ${actor.usu_codigo})`;
    if (actor.usu_tipo_plano !== '2' || actor.cod_ger_entidade === null) return mine;
    return sql<SqlBool>`(${mine} OR (${col(a, 'pla_nivel')} = 2 AND ${col(a, 'pla_codigo_usu_ent')} = ${actor.cod_ger_entidade}))`;
  };
  const plans = (a: string) => sql<SqlBool>`(${ownPlan(a)}
    OR (${col(a, 'pla_nivel')} = 1 AND ${col(a, 'pla_codigo_usu_ent')} IN (SELECT pu.usu_codigo FROM usuarios pu WHERE ${rows.users('pu')}))
    OR (${col(a, 'pla_nivel')} = 2 AND ${col(a, 'pla_codigo_usu_ent')} IN (SELECT pe.ent_codigo FROM entidades pe WHERE ${rows.entities('pe')})))`;
  const managedPlans = (a: string) => {
    if (actor.usu_nivel === 3) return plans(a);
    if (actor.usu_nivel === 2) {
      return sql<SqlBool>`(${plans(a)} AND ${col(a, 'pla_nivel')} = 1 AND ${col(a, 'pla_codigo_usu_ent')} <> ${actor.usu_codigo})`;
    }
    return nothing;
  };
  const canManagePlan = (row: { pla_nivel: number; pla_codigo_usu_ent: number }) =>
    actor.usu_nivel === 3 || (actor.usu_nivel === 2 && row.pla_nivel === 1 && row.pla_codigo_usu_ent !== actor.usu_codigo);
  const planRows = (a: string, column = 'cod_plano') =>
    sql<SqlBool>`${col(a, column)} IN (SELECT sp.pla_codigo FROM planos sp WHERE ${plans('sp')})`;
  const managedUsers = (a: string) => (rows.canManageUsers ? rows.users(a) : nothing);
  const managedEntities = (a: string) => (rows.canManageEntities ? rows.entities(a) : nothing);
  const own = (a: string, column = 'cod_usu') => sql<SqlBool>`${col(a, column)} = ${actor.usu_codigo}`;
  return {
    actor,
    owner: actor.usu_codigo,
    own,
    ...rows,
    managedUsers,
    managedEntities,
    plans,
    managedPlans,
    planRows,
    canManagePlan,
    canSeeUnassignedReplies: actor.usu_nivel === 3,
  };
}

/** 403 for an action the actor's level does not allow (the rows it reaches are filtered anyway). */
export function requirePermission(allowed: boolean): void {
  if (!allowed) throw new AppError(403, MSG.forbidden);
}
