import { NOTIFICATION_SECTORS, type Notification, type NotificationSector, type TotalAlertas } from '@ar/core';
import type { NotificationRow, UnreadCount } from './notifications.queries.ts';

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

/** `totalAlertas`: every sector, zero where nothing is unread. */
export function presentTotals(counts: UnreadCount[]): TotalAlertas {
  const totals: TotalAlertas = { comprovante: 0, email: 0, sms: 0, whatsapp: 0 };
  for (const { not_setor, total } of counts) {
    const name = NOTIFICATION_SECTORS[not_setor as NotificationSector];
    if (name) totals[name] = total;
  }
  return totals;
}
