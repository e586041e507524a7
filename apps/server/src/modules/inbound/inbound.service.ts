import { createHash, randomUUID } from 'node:crypto';
import PostalMime, { type Address, type Email } from 'postal-mime';
import type { AppContext } from '../../context.ts';
import type { ReceivedAttachmentRef } from '../../db/schema.ts';
import { acceptedMime } from '../../storage/content-type.ts';
import { refundCredits } from '../credits/credits.service.ts';
import { recordEvent } from '../emails/events.ts';
import { mailDomain } from '../emails/send.worker.ts';
import { type InboundAddress, parseInboundAddress, protocolsIn } from './addresses.ts';
import { type DeliveryReport, readDeliveryReport } from './dsn.ts';
import { emailEventsOfTypes, findOriginalByProtocol, findReceivedByHash, type OriginalMessage } from './inbound.queries.ts';
import { sanitizeReceivedBody } from './sanitize-received.ts';

/**
 * A refusal with its SMTP reply. Texts are Portuguese in US-ASCII (no accents): RFC 5321 reply
 * text is ASCII unless the client asked for SMTPUTF8, and remote servers quote it in their bounces.
 */
export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const SMTP_TEXT = {
  unknownAddress: '5.1.1 Endereco desconhecido',
  noOriginal: '5.1.1 Nenhum AR-Email corresponde a esta mensagem',
  malformed: '5.6.0 Mensagem malformada: estrutura MIME ilegivel',
  noHeaders: '5.6.0 Mensagem malformada: sem cabecalhos',
  noSender: '5.6.0 Mensagem malformada: sem remetente (From)',
  notAReport: '5.6.0 Mensagem nao reconhecida como aviso de entrega (RFC 3464) ou devolucao',
  tooBig: (limit: number) => `5.3.4 Mensagem excede o tamanho maximo de ${limit} bytes`,
  tooManyConnections: '4.7.0 Muitas conexoes deste endereco; tente novamente mais tarde',
  busy: '4.7.0 Servidor ocupado; tente novamente mais tarde',
  tooManyMessages: '4.7.1 Muitas mensagens deste endereco; tente novamente mais tarde',
  tooManyRecipients: '4.5.3 Destinatarios demais nesta mensagem',
  internal: '4.3.0 Falha temporaria ao processar a mensagem; tente novamente mais tarde',
  accepted: '2.0.0 Mensagem recebida',
  duplicate: '2.0.0 Mensagem ja recebida',
  reportNoted: '2.0.0 Aviso de entrega registrado',
} as const;

export interface InboundEnvelope {
  /** MAIL FROM ('' for the null sender of a bounce). */
  mailFrom: string;
  rcptTo: string[];
  remoteAddress: string;
  clientHostname?: string;
}

/** Parsing limits beyond which a message is refused as malformed rather than parsed. */
const PARSE_OPTIONS = { maxNestingDepth: 50, maxHeadersSize: 512 * 1024, forceRfc822Attachments: true } as const;
const MAX_ATTACHMENTS = 100;
/** Events that prove the message reached its recipient: a later bounce does not refund it. */
const ARRIVAL_EVENTS = ['delivered', 'read', 'track', 'answered', 'acknowledged'];

/** RCPT TO: one of our addresses naming an AR-Email that exists, else the SMTP refusal. */
export async function checkRecipient(ctx: AppContext, address: string): Promise<InboundAddress> {
  const parsed = parseInboundAddress(address, mailDomain(ctx.config.mailFrom));
  if (!parsed) throw new SmtpRefusal(550, SMTP_TEXT.unknownAddress);
  if (parsed.uuid && !(await findOriginalByProtocol(ctx.db, parsed.uuid))) throw new SmtpRefusal(550, SMTP_TEXT.unknownAddress);
  return parsed;
}

const firstMailbox = (a: Address | undefined) => (a?.group ? a.group[0] : a);

/**
 * Files one message that arrived by SMTP (docs/inbound.md): per recipient, a reply becomes a
 * received message of the original's sender and the original's 'answered' event; a delivery
 * report becomes its 'delivered' or 'erro' event. Answers the 250 text, or throws SmtpRefusal.
 */
export async function fileInboundMessage(ctx: AppContext, raw: Buffer, envelope: InboundEnvelope): Promise<string> {
  const domain = mailDomain(ctx.config.mailFrom);
  let email: Email;
  try {
    // NUL bytes cannot be stored in a text column (and a failed insert would be a 451 the sender
    // retries for days): the filed fields lose them, the stored .eml keeps every byte.
    email = withoutNul(await PostalMime.parse(raw, PARSE_OPTIONS));
  } catch {
    throw new SmtpRefusal(554, SMTP_TEXT.malformed);
  }
  if (email.headers.length === 0 || !email.headers.some((h) => ['from', 'date', 'subject', 'message-id'].includes(h.key))) {
    throw new SmtpRefusal(554, SMTP_TEXT.noHeaders);
  }
  const sha256 = createHash('sha256').update(raw).digest('hex');
  const stored = { sha256, size: raw.length, key: '' };
  const storeRaw = async () => {
    // Named by its hash: the same bytes are stored once, whoever they were addressed to.
    if (!stored.key) {
      stored.key = `inbound/${sha256.slice(0, 2)}/${sha256}.eml`;
      await ctx.storage.put(stored.key, raw, 'message/rfc822');
    }
    return stored.key;
  };

  const replies: string[] = [];
  let refusal: SmtpRefusal | null = null;
  for (const rcpt of [...new Set(envelope.rcptTo.map((r) => r.toLowerCase()))]) {
    const address = parseInboundAddress(rcpt, domain);
    if (!address) continue;
    try {
      if (address.kind === 'reply') {
        const original = await findOriginal(ctx, [
          address.uuid,
          ...protocolsIn(email.inReplyTo, domain),
          ...protocolsIn(email.references, domain),
        ]);
        replies.push(await fileReply(ctx, original, email, envelope, rcpt, stored, storeRaw));
      } else {
        const report = readDeliveryReport(email, envelope.mailFrom, domain);
        if (!report) throw new SmtpRefusal(550, SMTP_TEXT.notAReport);
        const original = await findOriginal(ctx, [address.uuid, ...report.protocols]);
        replies.push(await fileReport(ctx, original, report, envelope, stored, storeRaw));
      }
    } catch (error) {
      if (!(error instanceof SmtpRefusal)) throw error;
      refusal ??= error;
    }
  }
  if (replies.length === 0) throw refusal ?? new SmtpRefusal(550, SMTP_TEXT.unknownAddress);
  return replies[0];
}

/** A copy of the parsed message with every NUL removed from its texts (attachment bytes untouched). */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  }
  return value;
}

async function findOriginal(ctx: AppContext, protocols: (string | null)[]): Promise<OriginalMessage> {
  for (const uuid of protocols) {
    if (!uuid) continue;
    const found = await findOriginalByProtocol(ctx.db, uuid);
    if (found) return found;
  }
  throw new SmtpRefusal(550, SMTP_TEXT.noOriginal);
}

interface StoredRaw {
  sha256: string;
  size: number;
}

async function fileReply(
  ctx: AppContext,
  original: OriginalMessage,
  email: Email,
  envelope: InboundEnvelope,
  rcpt: string,
  raw: StoredRaw,
  storeRaw: () => Promise<string>,
): Promise<string> {
  const from = firstMailbox(email.from);
  if (!from?.address) throw new SmtpRefusal(550, SMTP_TEXT.noSender);
  if (await findReceivedByHash(ctx.db, original.ema_uni_codigo, raw.sha256)) return SMTP_TEXT.duplicate;

  const emlKey = await storeRaw();
  const attachments = await storeAttachments(ctx, original.cod_usu, email);
  const autoSubmitted = email.headers
    .find((h) => h.key === 'auto-submitted')
    ?.value.trim()
    .toLowerCase();
  const automatic = !!autoSubmitted && autoSubmitted !== 'no';
  const subject = (email.subject ?? '').slice(0, 2000);
  const sentAt = email.date ? new Date(email.date) : null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('emails_recebidos')
      .values({
        cod_usu: original.cod_usu,
        cod_email_reply_base: original.ema_uni_codigo,
        rec_from: from.address.slice(0, 320),
        rec_name_from: (from.name ?? '').slice(0, 200),
        rec_to: rcpt.slice(0, 320),
        rec_envelope_from: envelope.mailFrom.slice(0, 320),
        rec_subject: subject,
        rec_content: sanitizeReceivedBody(email.html, email.text),
        rec_text: email.text ?? '',
        rec_message_id: email.messageId?.slice(0, 998) ?? null,
        rec_in_reply_to: email.inReplyTo?.slice(0, 998) ?? null,
        rec_references: email.references ?? null,
        rec_attachments: JSON.stringify({ attachments }),
        rec_automatica: automatic,
        rec_data_criacao: sentAt && !Number.isNaN(sentAt.getTime()) ? sentAt : new Date(),
        rec_ip: envelope.remoteAddress.slice(0, 64),
        rec_tamanho: raw.size,
        rec_sha256: raw.sha256,
        rec_eml_chave: emlKey,
        rec_busca: [from.address, from.name ?? '', subject].join(' ').toLowerCase(),
      })
      .onConflict((oc) => oc.columns(['cod_email_reply_base', 'rec_sha256']).doNothing())
      .returning('rec_codigo')
      .executeTakeFirst();
    // An automatic answer (out of office...) is kept for the user to read, but nobody answered.
    if (inserted && !automatic) {
      await recordEvent(
        trx,
        {
          cod_email: original.ema_uni_codigo,
          canal: 'email',
          tipo: 'answered',
          ip: envelope.remoteAddress,
          detalhes: {
            codEmailRecebido: inserted.rec_codigo,
            from: from.address,
            subject,
            messageId: email.messageId ?? null,
            smtpClient: envelope.clientHostname ?? null,
            sha256: raw.sha256,
            emlPath: emlKey,
          },
        },
        ctx.boss,
      );
    }
    return inserted;
  });
  if (!row) return SMTP_TEXT.duplicate;
  ctx.log.info({ cod_email: original.ema_uni_codigo, rec_codigo: row.rec_codigo, automatic }, 'inbound reply filed');
  return `${SMTP_TEXT.accepted} (${row.rec_codigo})`;
}

const EXTENSION_OF: Record<string, string> = {
  'message/rfc822': 'eml',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/calendar': 'ics',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

/**
 * Every attachment the sender attached, stored under the owner's folder. Images referenced from
 * the HTML by Content-ID are part of the body, not attachments (the raw message keeps them).
 * The type is the one the content proves (storage/content-type.ts), else application/octet-stream:
 * a received file is always served as a download, never rendered.
 */
async function storeAttachments(ctx: AppContext, owner: number, email: Email): Promise<ReceivedAttachmentRef[]> {
  const out: ReceivedAttachmentRef[] = [];
  for (const [i, a] of email.attachments.filter((a) => !a.related).entries()) {
    if (out.length >= MAX_ATTACHMENTS) break;
    const data = typeof a.content === 'string' ? Buffer.from(a.content) : Buffer.from(a.content as ArrayBuffer);
    const fallback = `anexo-${i + 1}${EXTENSION_OF[a.mimeType] ? `.${EXTENSION_OF[a.mimeType]}` : ''}`;
    const name =
      (a.filename ?? '')
        .replace(/[/\\\p{Cc}]/gu, '_')
        .trim()
        .slice(0, 255) || fallback;
    const uuid = randomUUID();
    const key = `received/${owner}/${uuid}`;
    const mime = acceptedMime(name, data.subarray(0, 16)) ?? 'application/octet-stream';
    await ctx.storage.put(key, data, mime);
    out.push({
      originalFilename: name,
      uuidFilename: uuid,
      pathS3: key,
      mime,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
  }
  return out;
}

async function fileReport(
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
  await ctx.db.transaction().execute(async (trx) => {
    await recordEvent(
      trx,
      { cod_email, canal: 'email', tipo: 'erro', ip: envelope.remoteAddress, detalhes: { reasonFailure: report.reason, ...detalhes } },
      ctx.boss,
    );
    if (!arrived && original.ema_uni_creditos > 0) {
      await refundCredits(trx, null, {
        units: original.ema_uni_creditos,
        reason: `Estorno: AR-Email ${original.ema_uni_id} não pôde ser entregue`,
        ref: `envio:${original.ema_uni_envio}`,
      });
    }
  });
  ctx.log.info({ cod_email, reason: report.reason, refunded: !arrived }, 'inbound bounce filed');
  return SMTP_TEXT.reportNoted;
}
