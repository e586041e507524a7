import { composeBody } from '@ar/core';
import type { AppContext } from '../context.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { sendEmails } from '../modules/emails/send.service.ts';
import { mailDomain } from '../modules/emails/send.worker.ts';
import { bounceAddress, replyAddress } from '../modules/inbound/addresses.ts';
import { fileInboundMessage } from '../modules/inbound/inbound.service.ts';
import { accept, pageRead, phoneRead, type Visitor } from '../modules/public/public.service.ts';
import { MIN_HUMAN_SECONDS } from '../modules/public/read-classifier.ts';
import { tenantScope } from '../modules/tenancy/tenant-scope.ts';
import { type AccountHistory, type Fate, HISTORIES, type HistoryChannel, type Recipient, type Run } from './history-data.ts';
import { deliveryReport, mxOf, replyOf } from './history-mail.ts';
import { channelStatusesOf, hasAnyMessage, historyUser, sendEventsOf } from './seed.queries.ts';

/** The demo accounts that start with a history: all four. */
export const HISTORY_USERS = HISTORIES.map((h) => h.login);

/** One message of the history, as sent, and what is to happen to it. */
interface Sent extends Recipient {
  code: number;
  id: string;
  email: string;
  subject: string;
}

/** The recipients' browser: a person's, from a Brazilian address (so the evidence has a place). */
const VISITOR: Visitor = {
  ip: '200.147.67.142',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

/** The waiting message's job starts a day later: until then it shows what 'Processado' means. */
const PROCESSED_FOR_MS = 24 * 3600_000;

/** An address made of the name: 'Patrícia Gomes' → patricia.gomes@domain. */
export const addressOf = (name: string, domain: string) =>
  `${name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/\s+/).join('.')}@${domain}`;

/**
 * A phone number whose last four digits give the simulator's outcome (docs/phone-simulator.md):
 * 0000 does not exist, 1111 answers by itself (an SMS back; WhatsApp's confirmation button), any
 * other is delivered. `n` keeps the numbers apart: a reply answers the last message to its number.
 */
export function phoneOf(fate: Fate, n: number): string {
  const tail = fate === 'erro' ? '0000' : fate === 'answered' || fate === 'acknowledged' ? '1111' : String(2000 + n);
  return `(11) 9${8100 + n}-${tail}`;
}

/**
 * The first embedded start's history (SEED_DEMO with the local mailbox, docs/demo.md): each demo
 * account's messages (seed/history-data.ts), made by the product's own services — the send service
 * and its queue, the captured mailbox and the embedded phone simulator, the inbound SMTP service
 * for the delivery reports, bounces and replies, and the public page's reads and confirmations —
 * so their events are chained and time-stamped like any other. Runs in the background after
 * listen, only for an account that has no message yet (a second start makes nothing). Not with a
 * real relay (SMTP_URL): it would mail made-up addresses; the phone sends only with the simulators.
 * Answers whether it made anything.
 */
export async function seedDemoHistory(ctx: AppContext): Promise<boolean> {
  if (!ctx.config.seedDemo || !ctx.config.captureMail || !ctx.boss) return false;
  const sent: Sent[] = [];
  for (const history of HISTORIES) sent.push(...(await sendHistory(ctx, history)));
  if (!sent.length) return false;

  // Everything but the waiting messages leaves through the queue, the mailbox or the simulator.
  const leaving = sent.filter((m) => m.fate !== 'processed');
  const sentAt = await waitForSends(
    ctx,
    leaving.map((m) => m.code),
  );
  const domain = mailDomain(ctx.config.mailFrom);
  const inbound = (raw: string, mailFrom: string, rcpt: string, from: string) =>
    fileInboundMessage(ctx, Buffer.from(raw), { mailFrom, rcptTo: [rcpt], remoteAddress: '127.0.0.1', clientHostname: mxOf(from) });
  const emails = leaving.filter((m) => m.channel === 'email');
  for (const m of emails.filter((x) => x.fate === 'delivered' || x.fate === 'erro')) {
    await inbound(deliveryReport(m, domain, m.fate === 'erro' ? 'failed' : 'delivered'), '', bounceAddress(m.id, domain), m.email);
  }

  // A person opens a message some seconds after it arrives (sooner is a provider's fetch, not a read).
  const wait = sentAt + (MIN_HUMAN_SECONDS + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  for (const m of leaving.filter((x) => ['read', 'acknowledged', 'answered'].includes(x.fate))) {
    if (m.channel !== 'email') {
      if (m.fate === 'read') await phoneRead(ctx, m.id, m.channel, undefined, VISITOR);
      continue;
    }
    await pageRead(ctx, m.id, undefined, VISITOR);
    if (m.fate === 'acknowledged') await accept(ctx, m.id, undefined, VISITOR);
  }
  await waitForPhones(
    ctx,
    leaving.filter((m) => m.channel !== 'email'),
  );
  // The replies last, the administrator's the very last: its reply says the whole history is made.
  for (const m of emails.filter((x) => x.fate === 'answered')) {
    await inbound(replyOf(m, m.reply ?? 'Recebido.', domain), m.email, replyAddress(m.id, domain), m.email);
  }
  return true;
}

/** Sends an account's runs as the account itself; nothing when it has no user or already a message. */
async function sendHistory(ctx: AppContext, history: AccountHistory): Promise<Sent[]> {
  const user = await historyUser(ctx.db, history.login);
  if (!user || (await hasAnyMessage(ctx.db, user.usu_codigo))) return [];
  const phones = ctx.config.channels.sms === 'simulator' && ctx.config.channels.whatsapp === 'simulator';
  const actor: Actor = { ...user, usu_nivel: user.usu_nivel as Actor['usu_nivel'], usu_secure: true, tokenHash: '' };
  const sent: Sent[] = [];
  for (const [k, run] of history.runs.entries()) {
    if (!phones && run.to.some((r) => r.channel !== 'email')) continue;
    sent.push(...(await sendRun(ctx, actor, history.domain, run, HISTORIES.indexOf(history) * 100 + k * 10)));
  }
  return sent;
}

/**
 * One run: one send of the run's recipients, each on its channel (`n` numbers its phones apart);
 * a run all 'processed' waits a day.
 */
async function sendRun(ctx: AppContext, actor: Actor, domain: string, run: Run, n: number): Promise<Sent[]> {
  const target = (r: Recipient, i: number, ch: HistoryChannel) =>
    r.channel === ch ? { name: r.name, mobile: phoneOf(r.fate, n + i) } : undefined;
  const body = composeBody.parse({
    destinataires: run.to.map((r, i) => ({
      to: r.channel === 'email' ? addressOf(r.name, domain) : '',
      nameTo: r.name,
      sms: target(r, i, 'sms'),
      whatsapp: target(r, i, 'whatsapp'),
    })),
    nameFrom: 'Demo Empresa',
    identificacao: run.identificacao,
    subject: run.subject,
    content: run.content,
  });
  const held = run.to.every((r) => r.fate === 'processed');
  const result = await sendEmails(ctx, tenantScope(actor), body, held ? { startAfter: new Date(Date.now() + PROCESSED_FOR_MS) } : {});
  return result.emails.flatMap((e, i) => {
    const r = run.to[i];
    return r ? [{ ...r, code: e.ema_uni_codigo, id: e.ema_uni_id, email: addressOf(r.name, domain), subject: run.subject }] : [];
  });
}

/** Waits for the messages to leave (sendEventsOf); answers when the last of them did. */
async function waitForSends(ctx: AppContext, codes: number[]): Promise<number> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const row = await sendEventsOf(ctx.db, codes);
    if (Number(row.n) >= codes.length) return row.last ? new Date(row.last).getTime() : Date.now();
    if (Date.now() > deadline) throw new Error('demo history: the messages were not sent in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits (a minute at most) for the simulator's callbacks: each phone message at its fate. */
async function waitForPhones(ctx: AppContext, phones: Sent[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (phones.length && Date.now() < deadline) {
    const rows = await channelStatusesOf(
      ctx.db,
      phones.map((m) => m.code),
    );
    const status = new Map(rows.map((r) => [r.ema_uni_codigo, r]));
    const at = (m: Sent) => {
      const row = status.get(m.code);
      return (m.channel === 'sms' ? row?.ema_status_sms : row?.ema_status_whatsapp) === m.fate;
    };
    if (phones.every(at)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
