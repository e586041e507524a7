import { type settingsBody, USERS_MSG, type UserSettings } from '@ar/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../auth/actor.ts';
import { currentUser } from '../auth/auth.service.ts';
import * as q from './users.queries.ts';

/** My Account works on the signed-in user only: there is no id to point elsewhere. */
export async function getSettings(ctx: AppContext, actor: Actor): Promise<UserSettings> {
  const row = await q.findSettings(ctx.db, actor.usu_codigo);
  return {
    usu_codigo: row.usu_codigo,
    usu_nome: row.usu_nome,
    usu_login: row.usu_login,
    usu_anexo_obrigatorio: row.usu_anexo_obrigatorio,
    usu_integracao: row.usu_integracao,
    usu_wooc_id: row.usu_wooc_id,
  };
}

export async function saveSettings(ctx: AppContext, actor: Actor, body: z.output<typeof settingsBody>) {
  await q.updateSettings(ctx.db, actor.usu_codigo, body);
  return { message: USERS_MSG.settingsSaved, user: await currentUser(ctx, actor.usu_codigo) };
}
