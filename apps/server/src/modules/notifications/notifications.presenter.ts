import type { Notification, TotalAlertas } from '@ar/core';
import type { NotificationRow, UnreadCounts } from './notifications.queries.ts';

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

/** `totalAlertas`: every sector, zero where nothing is unread, and the snapshot it was read in. */
export function presentTotals(counts: UnreadCounts): TotalAlertas {
  return { comprovante: counts.comprovante, email: counts.email, sms: counts.sms, whatsapp: counts.whatsapp, versao: counts.versao };
}
