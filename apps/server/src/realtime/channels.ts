/**
 * The NOTIFY channels the realtime component LISTENs to (realtime.ts). Apart from realtime.ts so
 * that code raising a notice from a transaction (emails/events.queries.ts) names the same channel
 * without loading socket.io. The migrations' triggers (0018, 0025, 0030, 0034) write the same names
 * in their SQL.
 */
export const EMAIL_STATUS_CHANNEL = 'ar_email_status';
export const REMESSA_STATUS_CHANNEL = 'ar_remessa_status';
