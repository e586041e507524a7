import type { PlanLevel, PlanType } from '@ar/core';

/** The fields of a user that decide which plan it draws on. */
export interface PlanHolder {
  usu_codigo: number;
  usu_tipo_plano: PlanType;
  cod_ger_entidade: number | null;
}

export interface PlanSource {
  pla_nivel: PlanLevel;
  pla_codigo_usu_ent: number;
  pla_tipo_plano: PlanType;
}

/**
 * Plan source (spec 000 §6, 001 §6): prepaid users draw on their own plan (user code), postpaid
 * users on their entity's (entity code). A postpaid user without an entity keeps a postpaid plan of
 * its own, so it still has somewhere to count usage.
 */
export function planSourceOf(user: PlanHolder): PlanSource {
  if (user.usu_tipo_plano === '2' && user.cod_ger_entidade) {
    return { pla_nivel: 2, pla_codigo_usu_ent: user.cod_ger_entidade, pla_tipo_plano: '2' };
  }
  return { pla_nivel: 1, pla_codigo_usu_ent: user.usu_codigo, pla_tipo_plano: user.usu_tipo_plano };
}
