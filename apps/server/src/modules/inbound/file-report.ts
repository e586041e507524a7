import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordChannelFailure } from '../channels/channels.service.ts';
import { recordEvent } from '../emails/events.ts';
import type { DeliveryReport } from './dsn.ts';
import { emailEventsOfTypes, type OriginalMessage } from './inbound.queries.ts';
import { type InboundEnvelope, SMTP_TEXT, type StoredRaw } from './smtp.ts';

/** Events that prove the message reached its recipient: a later bounce does not refund it. */
const ARRIVAL_EVENTS = ['delivered', 'read', 'track', 'answered', 'acknowledged'];

/**
 * A delivery report (DSN) or a bounce for an AR-Email: its 'delivered' event, or its 'erro' event
 * and the refund of its credit unless something already proved it arrived.
 */
export async function fileReport(
  ctx: AppContext,
  original: OriginalMessage,
  report: DeliveryReport,
  envelope: InboundEnvelope,
  raw: StoredRaw,
  storeRaw: () => Promise<string>,
): Promise<string> {
  const cod_email = original.ema_uni_codigo;
  if (report.action !== 'delivered' && report.action !== 'failed') {
    // 'delayed' (the remote server keeps trying), 'relayed', 'expanded': nothing to record yet.
    ctx.log.info({ cod_email, action: report.action, status: report.status }, 'inbound delivery report noted');
    return SMTP_TEXT.reportNoted;
  }
  const seen = await emailEventsOfTypes(ctx.db, cod_email, [...ARRIVAL_EVENTS, 'erro']);
  if (seen.some((e) => (e.evt_detalhes as { sha256?: string }).sha256 === raw.sha256)) return SMTP_TEXT.duplicate;
  const emlKey = await storeRaw();
  const detalhes = {
    source: report.source,
    action: report.action,
    status: report.status,
    diagnosticCode: report.diagnosticCode,
    finalRecipient: report.finalRecipient,
    remoteMta: report.remoteMta,
    reportingMta: report.reportingMta,
    smtpClient: envelope.clientHostname ?? null,
    sha256: raw.sha256,
    emlPath: emlKey,
  };
  if (report.action === 'delivered') {
    await recordEvent(ctx.db, { cod_email, canal: 'email', tipo: 'delivered', ip: envelope.remoteAddress, detalhes }, ctx.boss);
    return SMTP_TEXT.reportNoted;
  }
  if (original.ema_status_email === 'erro') return SMTP_TEXT.reportNoted;
  // It did not arrive: 'erro' with the remote server's reason, as for a refusal at send time
  // (send.worker.ts failEmail), and its credit comes back — unless something already proved
  // that it arrived (delivered, read, answered...), when the failure is recorded and nothing refunded.
  const arrived = seen.some((e) => ARRIVAL_EVENTS.includes(e.evt_tipo));
  // The e-mail's share of the message's credits (a message with SMS or WhatsApp too keeps theirs).
  await inTransaction(ctx.db, (trx) =>
    recordChannelFailure(
      trx,
      ctx,
      cod_email,
      'email',
      { reasonFailure: report.reason, ...detalhes },
      { ip: envelope.remoteAddress, refund: !arrived },
    ),
  );
  ctx.log.info({ cod_email, reason: report.reason, refunded: !arrived }, 'inbound bounce filed');
  return SMTP_TEXT.reportNoted;
}
