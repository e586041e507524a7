import { z } from '../zod.ts';
import { messageResponse } from './common.ts';

/**
 * Stored notifications and the realtime socket (docs/realtime.md; spec 000 §7, 002 §2 and §7).
 *
 * A notification belongs to one user and one sector (setor). The spec names sector 1, the proofs
 * (comprovante), and says the session keeps notification lists for proofs, e-mail, SMS and
 * WhatsApp: those are the four sectors, and `totalAlertas` counts the unread ones of each.
 */
export const NOTIFICATION_SECTORS = { 1: 'comprovante', 2: 'email', 3: 'sms', 4: 'whatsapp' } as const;
export type NotificationSector = keyof typeof NOTIFICATION_SECTORS;
export type NotificationSectorName = (typeof NOTIFICATION_SECTORS)[NotificationSector];
export const SECTOR_NUMBERS = [1, 2, 3, 4] as const satisfies readonly NotificationSector[];
export const isNotificationSector = (n: number): n is NotificationSector => (SECTOR_NUMBERS as readonly number[]).includes(n);

/** The kind a bulk proof's notification carries when the proof is ready (its reference is the proof's id). */
export const PROOF_READY_KIND = 'comprovante-pronto';

/**
 * The channel statuses that raise a notification for the message's owner in sectors 2 (e-mail),
 * 3 (SMS) and 4 (WhatsApp), and the notification's kind ('status-' + the category). The database
 * raises them (migration 0025, function ar_categoria_alerta, which must say the same): when a
 * channel's status enters a category it was not in, so a 'track' then a 'read' is one notification.
 */
export const STATUS_ALERT_CATEGORY: Record<string, 'lido' | 'confirmado' | 'respondido' | 'falha'> = {
  read: 'lido',
  track: 'lido',
  viewed: 'lido',
  acknowledged: 'confirmado',
  answered: 'respondido',
  erro: 'falha',
};
/** The sector of a channel's status notifications (voice and letter have none). */
export const CHANNEL_SECTOR: Partial<Record<string, NotificationSector>> = { email: 2, sms: 3, whatsapp: 4 };

/** Texts and limits. */
export const NOTIFICATION_MSG = {
  invalidSector: 'Setor de notificação inválido: use 1 (comprovantes), 2 (e-mail), 3 (SMS) ou 4 (WhatsApp).',
  cleared: 'Notificações removidas com sucesso!',
  clearedOne: 'Notificação removida com sucesso!',
  listError: 'Houve um erro ao obter as notificações',
  clearError: 'Houve um erro ao limpar as notificações',
} as const;

/** At most this many unread notifications are answered (the newest); `totalAlertas` still counts them all. */
export const NOTIFICATIONS_LIST_MAX = 100;

const sector = z.coerce
  .number({ error: NOTIFICATION_MSG.invalidSector })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: NOTIFICATION_MSG.invalidSector }));

/** GET and DELETE /notificacoes: `setor` picks one sector (1 on the proofs screen); none means every sector. */
export const notificationQuery = z.object({ setor: sector.optional() });
export type NotificationQuery = z.input<typeof notificationQuery>;

/**
 * Unread notifications per sector: the socket's `totalAlertas` and part of the HTTP answers.
 * `versao` is the database snapshot the counts were read in, `xmax:running` (docs/realtime.md,
 * "Which totals are newest"): totals read by different requests reach a tab in any order, and
 * the tab keeps the newest by it (`isNewerTotals`), not the last to arrive.
 */
export const totalAlertasSchema = z.object({
  comprovante: z.number().int(),
  email: z.number().int(),
  sms: z.number().int(),
  whatsapp: z.number().int(),
  versao: z.string(),
});
export type TotalAlertas = z.infer<typeof totalAlertasSchema>;

function snapshotOf(versao: string): { xmax: bigint; running: number } | null {
  const m = /^(\d{1,20}):(\d{1,9})$/.exec(versao);
  return m ? { xmax: BigInt(m[1] as string), running: Number(m[2]) } : null;
}

/**
 * Whether totals `next` were read in a snapshot at least as recent as `current`'s. A PostgreSQL
 * snapshot's xmax is one past the newest transaction that had ended, and the transactions below
 * it still running are listed with it. Within one database a later snapshot's xmax is never
 * smaller, and while it stays the same the transactions below it can only end, so the list only
 * shrinks. A greater xmax, or the same with no more running, is a snapshot that sees at least what
 * the other saw; the same pair sees the same rows, so the same counts. Totals without a version
 * (none received yet, signed out) are older than any.
 */
export function isNewerTotals(next: TotalAlertas, current: TotalAlertas): boolean {
  const a = snapshotOf(next.versao);
  const b = snapshotOf(current.versao);
  if (!a || !b) return a !== null || b === null;
  return a.xmax > b.xmax || (a.xmax === b.xmax && a.running <= b.running);
}

export const notificationSchema = z.object({
  not_codigo: z.number().int(),
  not_setor: z.number().int(),
  not_tipo: z.string(),
  /** What the notification is about (a proof's id for 'comprovante-pronto'); null when nothing in particular. */
  not_referencia: z.string().nullable(),
  not_texto: z.string(),
  /** ISO 8601, UTC. */
  not_data: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponse = z.object({
  notificacoes: z.array(notificationSchema),
  totalAlertas: totalAlertasSchema,
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const notificationClearedResponse = messageResponse.extend({ totalAlertas: totalAlertasSchema });
export type NotificationClearedResponse = z.infer<typeof notificationClearedResponse>;

/** The socket's events (path /v2/socket.io). */
export const SOCKET_PATH = '/v2/socket.io';
export const SOCKET_EVENTS = {
  /** client → server: `{ user, token }`; the user is the token's, whatever `user` says. */
  hasNotifyUser: 'hasNotifyUser',
  /** server → client: TotalAlertas, on authentication and on every change. */
  totalAlertas: 'totalAlertas',
  /** server → client: NotifyByProofs, when a bulk proof is ready. */
  notifyByProofs: 'notifyByProofs',
  /** server → client: EmailStatusPush, when a channel status of the user's messages changes. */
  emailStatus: 'emailStatus',
  /** server → client: RemessaStatusPush, when one of the user's batch files is received or moves on (docs/remessas.md). */
  remessaStatus: 'remessaStatus',
  /** server → client: `{ message }` before the server closes a connection it refuses. */
  unauthorized: 'unauthorized',
} as const;

/** `token`: an API client's bearer token; the web sends none, its session is the handshake's cookie (docs/realtime.md). */
export const hasNotifyUserPayload = z.object({ user: z.unknown().optional(), token: z.string().min(20).max(100).optional() });
export type HasNotifyUserPayload = { user?: unknown; token?: string };

export interface NotifyByProofs {
  /** The proof's reference (its id), as raised. */
  reference: string | null;
  text: string;
  totalAlertas: TotalAlertas;
}

/** One changed message: its id, its public uuid, the channel and the channel's status now. */
export interface EmailStatusChange {
  id: number;
  uuid: string;
  canal: 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta';
  status: string | null;
}
export interface EmailStatusPush {
  emails: EmailStatusChange[];
}

/**
 * One of the user's batch files as it is now, right after the change that made it so: its status,
 * its data lines, the lines already made into messages, the lines refused (after the validation,
 * and after the last slice); `rem_origem` is null (it named the file of a failure record of refused
 * lines until 2026-12-07: one remessa per file since).
 * The messages' own progress (sent, failed) comes as `emailStatus` pushes of those messages.
 */
export interface RemessaStatusChange {
  rem_codigo: number;
  rem_status_processamento: string;
  rem_quantidade_registros: number;
  rem_enfileiradas: number;
  rem_falhas: number;
  rem_origem: number | null;
}
export interface RemessaStatusPush {
  remessas: RemessaStatusChange[];
}
