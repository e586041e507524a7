import type { Notification } from '@ar/core';
import type { NotificationRow } from './notifications.queries.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    not_codigo: row.not_codigo,
    not_setor: row.not_setor,
    not_tipo: row.not_tipo,
    not_referencia: row.not_referencia,
    not_texto: row.not_texto,
    not_data: new Date(row.not_data).toISOString(),
  };
}
