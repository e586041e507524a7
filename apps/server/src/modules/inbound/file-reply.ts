import { createHash, randomUUID } from 'node:crypto';
import type { Address, Email } from 'postal-mime';
import type { AppContext } from '../../context.ts';
import type { ReceivedAttachmentRef } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { acceptedMime } from '../../storage/content-type.ts';
import { recordEvent } from '../emails/events.ts';
import { findReceivedByHash, insertReceived, type OriginalMessage } from './inbound.queries.ts';
import { sanitizeReceivedBody } from './sanitize-received.ts';
import { type InboundEnvelope, SMTP_TEXT, SmtpRefusal, type StoredRaw } from './smtp.ts';

const MAX_ATTACHMENTS = 100;

const firstMailbox = (a: Address | undefined) => (a?.group ? a.group[0] : a);

/**
 * A reply to an AR-Email: a received message of the original's sender and, unless it is an
 * automatic answer, the original's 'answered' event, in one transaction (docs/inbound.md).
 */
export async function fileReply(
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
  const row = await inTransaction(ctx.db, async (trx) => {
    const inserted = await insertReceived(trx, {
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
    });
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
