import { composeBody } from '@ar/core';
import type { AppContext } from '../context.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { sendEmails } from '../modules/emails/send.service.ts';
import { mailDomain } from '../modules/emails/send.worker.ts';
import { bounceAddress, replyAddress } from '../modules/inbound/addresses.ts';
import { fileInboundMessage } from '../modules/inbound/inbound.service.ts';
import { accept, pageRead, type Visitor } from '../modules/public/public.service.ts';
import { MIN_HUMAN_SECONDS } from '../modules/public/read-classifier.ts';
import { tenantScope } from '../modules/tenancy/tenant-scope.ts';
import { hasAnyMessage, historyUser, sendEventsOf } from './seed.queries.ts';

/** The demo account whose sent list starts with a history (the README's first account). */
export const HISTORY_USER = 'admin@demo.local';

/** What happens to each message after it is sent (docs/emails.md, "Demo history"). */
type Fate = 'processed' | 'send' | 'delivered' | 'read' | 'acknowledged' | 'answered' | 'erro';

interface DemoSend {
  subject: string;
  identificacao: string;
  content: string;
  to: { name: string; email: string; fate: Fate }[];
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

/** Twelve messages in six sends: every status a message can be in, one of them answered. */
const SENDS: DemoSend[] = [
  {
    subject: 'Notificação de cobrança — fatura 10/2026',
    identificacao: 'Cobrança 10/2026',
    content: p(
      'Prezado(a) cliente,',
      'Consta em aberto a fatura de outubro de 2026, vencida em 10/11/2026, no valor de R$ 1.250,00.',
      'Solicitamos a regularização em até 10 dias a contar desta notificação.',
      'Atenciosamente,<br>Demo Empresa Ltda',
    ),
    to: [
      { name: 'Mariana Costa', email: 'mariana.costa@cliente.example', fate: 'read' },
      { name: 'Rafael Lima', email: 'rafael.lima@cliente.example', fate: 'acknowledged' },
    ],
  },
  {
    subject: 'Rescisão do contrato de prestação de serviços',
    identificacao: 'Contrato 2026/014',
    content: p(
      'Prezado(a),',
      'Comunicamos a rescisão do contrato de prestação de serviços nº 2026/014, com efeito em 30 dias a contar desta data.',
      'Atenciosamente,<br>Demo Empresa Ltda',
    ),
    to: [
      { name: 'Juliana Alves', email: 'juliana.alves@cliente.example', fate: 'acknowledged' },
      { name: 'Carlos Pereira', email: 'carlos.pereira@cliente.example', fate: 'answered' },
    ],
  },
  {
    subject: 'Convocação para a assembleia geral de dezembro',
    identificacao: 'Assembleia 12/2026',
    content: p('Prezado(a) associado(a),', 'Convocamos V.Sa. para a assembleia geral ordinária de 15/12/2026, às 19h, na sede da empresa.'),
    to: [
      { name: 'Fernanda Rocha', email: 'fernanda.rocha@cliente.example', fate: 'delivered' },
      { name: 'Bruno Martins', email: 'bruno.martins@cliente.example', fate: 'delivered' },
    ],
  },
  {
    subject: 'Aviso de reajuste anual do contrato',
    identificacao: 'Reajuste 2027',
    content: p(
      'Prezado(a) cliente,',
      'Informamos que a partir de janeiro de 2027 o contrato será reajustado pelo IPCA acumulado em 12 meses.',
    ),
    to: [
      { name: 'Patrícia Gomes', email: 'patricia.gomes@cliente.example', fate: 'send' },
      { name: 'Lucas Ribeiro', email: 'lucas.ribeiro@cliente.example', fate: 'send' },
    ],
  },
  {
    subject: 'Notificação extrajudicial — desocupação do imóvel',
    identificacao: 'Imóvel Rua das Flores, 120',
    content: p('Prezado(a),', 'Fica V.Sa. notificado(a) a desocupar o imóvel da Rua das Flores, 120, no prazo de 30 dias.'),
    to: [
      { name: 'Ricardo Souza', email: 'ricardo.souza@cliente.example', fate: 'erro' },
      { name: 'Aline Ferreira', email: 'aline.ferreira@cliente.example', fate: 'erro' },
    ],
  },
  {
    subject: 'Lembrete de vencimento do boleto',
    identificacao: 'Boleto 11/2026',
    content: p('Prezado(a) cliente,', 'Lembramos que o boleto de novembro de 2026 vence em 30/11/2026.'),
    to: [{ name: 'Gustavo Nunes', email: 'gustavo.nunes@cliente.example', fate: 'read' }],
  },
  {
    subject: 'Lembrete de vencimento do boleto',
    identificacao: 'Boleto 12/2026',
    content: p('Prezado(a) cliente,', 'Lembramos que o boleto de dezembro de 2026 vence em 30/12/2026.'),
    to: [{ name: 'Camila Duarte', email: 'camila.duarte@cliente.example', fate: 'processed' }],
  },
];

/** The recipients' browser: a person's, from a Brazilian address (so the evidence has a place). */
const VISITOR: Visitor = {
  ip: '200.147.67.142',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

/** The waiting message's job starts a day later: until then it shows what 'Processado' means. */
const PROCESSED_FOR_MS = 24 * 3600_000;

/**
 * The first embedded start's history (SEED_DEMO with the local mailbox, docs/emails.md): twelve
 * messages of HISTORY_USER in every status, each made by the product's own services — the send
 * service and its queue, the captured mailbox, the inbound SMTP service for the delivery reports,
 * the bounces and the reply, and the public page's read and confirmation — so their events are
 * chained and time-stamped like any other. Runs in the background after listen; only once: nothing
 * happens when the user already has a message. Not with a real relay (SMTP_URL): it would mail
 * made-up addresses.
 */
export async function seedDemoHistory(ctx: AppContext): Promise<boolean> {
  if (!ctx.config.seedDemo || !ctx.config.captureMail || !ctx.boss) return false;
  const user = await historyUser(ctx.db, HISTORY_USER);
  if (!user || (await hasAnyMessage(ctx.db, user.usu_codigo))) return false;
  const actor: Actor = { ...user, usu_nivel: user.usu_nivel as Actor['usu_nivel'], usu_secure: true, tokenHash: '' };

  const messages: { code: number; id: string; email: string; name: string; subject: string; fate: Fate }[] = [];
  for (const send of SENDS) {
    const body = composeBody.parse({
      destinataires: send.to.map((r) => ({ to: r.email, nameTo: r.name })),
      nameFrom: 'Demo Empresa',
      identificacao: send.identificacao,
      subject: send.subject,
      content: send.content,
    });
    const held = send.to.every((r) => r.fate === 'processed');
    const sent = await sendEmails(ctx, tenantScope(actor), body, held ? { startAfter: new Date(Date.now() + PROCESSED_FOR_MS) } : {});
    for (const [i, e] of sent.emails.entries()) {
      const r = send.to[i];
      if (r) messages.push({ code: e.ema_uni_codigo, id: e.ema_uni_id, email: r.email, name: r.name, subject: send.subject, fate: r.fate });
    }
  }

  // Everything but the waiting message leaves through the queue and the local mailbox.
  const leaving = messages.filter((m) => m.fate !== 'processed');
  const sentAt = await waitForSends(
    ctx,
    leaving.map((m) => m.code),
  );

  const domain = mailDomain(ctx.config.mailFrom);
  const inbound = (raw: string, mailFrom: string, rcpt: string) =>
    fileInboundMessage(ctx, Buffer.from(raw), {
      mailFrom,
      rcptTo: [rcpt],
      remoteAddress: '127.0.0.1',
      clientHostname: 'mx.cliente.example',
    });
  for (const m of leaving.filter((x) => x.fate === 'delivered' || x.fate === 'erro')) {
    await inbound(deliveryReport(m, domain, m.fate === 'erro' ? 'failed' : 'delivered'), '', bounceAddress(m.id, domain));
  }

  // A person opens a message some seconds after it arrives (sooner is a provider's fetch, not a read).
  const wait = sentAt + (MIN_HUMAN_SECONDS + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  for (const m of leaving.filter((x) => ['read', 'acknowledged', 'answered'].includes(x.fate))) {
    await pageRead(ctx, m.id, undefined, VISITOR);
    if (m.fate === 'acknowledged') await accept(ctx, m.id, undefined, VISITOR);
    if (m.fate === 'answered') await inbound(replyOf(m, domain), m.email, replyAddress(m.id, domain));
  }
  return true;
}

/** Waits for the messages' 'send' events; answers when the last of them was recorded. */
async function waitForSends(ctx: AppContext, codes: number[]): Promise<number> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const row = await sendEventsOf(ctx.db, codes);
    if (Number(row.n) >= codes.length) return row.last ? new Date(row.last).getTime() : Date.now();
    if (Date.now() > deadline) throw new Error('demo history: the messages were not sent in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const rfcDate = (d = new Date()) => d.toUTCString().replace('GMT', '+0000');

/** The recipient's server's delivery status notification (RFC 3464), to the message's bounce address. */
function deliveryReport(m: { id: string; email: string; subject: string }, domain: string, action: 'delivered' | 'failed') {
  const failed = action === 'failed';
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.cliente.example>',
    `To: ${bounceAddress(m.id, domain)}`,
    `Subject: ${failed ? 'Undelivered Mail Returned to Sender' : 'Successful Mail Delivery Report'}`,
    `Date: ${rfcDate()}`,
    `Message-ID: <dsn-${m.id}@mx.cliente.example>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="rep"',
    '',
    '--rep',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    failed ? 'Your message could not be delivered.' : 'Your message was delivered.',
    '--rep',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.cliente.example',
    '',
    `Final-Recipient: rfc822; ${m.email}`,
    `Action: ${action}`,
    `Status: ${failed ? '5.1.1' : '2.0.0'}`,
    'Remote-MTA: dns; mailbox.cliente.example',
    ...(failed ? [`Diagnostic-Code: smtp; 550 5.1.1 <${m.email}>: Recipient address rejected: User unknown`] : []),
    '',
    '--rep',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: <${m.id}@${domain}>`,
    `X-AR-Protocolo: ${m.id}`,
    '',
    '--rep--',
    '',
  ].join('\r\n');
}

/** The recipient's answer, from their mail program, to the message's reply address. */
function replyOf(m: { id: string; email: string; name: string; subject: string }, domain: string) {
  const text = 'Recebi a notificação. Discordo do prazo de 30 dias e peço uma reunião para tratarmos da rescisão.';
  return [
    `From: "${m.name}" <${m.email}>`,
    `To: ${replyAddress(m.id, domain)}`,
    `Subject: =?UTF-8?B?${Buffer.from(`Re: ${m.subject}`).toString('base64')}?=`,
    `Date: ${rfcDate()}`,
    `Message-ID: <resposta-${m.id}@cliente.example>`,
    `In-Reply-To: <${m.id}@${domain}>`,
    `References: <${m.id}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(text).toString('base64'),
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(`<p>${text}</p><p>${m.name}</p>`).toString('base64'),
    '--alt--',
    '',
  ].join('\r\n');
}
