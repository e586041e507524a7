import type { Sender } from '@ar/core';
import type { SenderRow } from './senders.queries.ts';

export const presentSender = (r: SenderRow): Sender => ({
  sen_codigo: r.sen_codigo,
  sen_nome: r.sen_nome,
  cod_usu_usuario: r.cod_usu_usuario,
});
