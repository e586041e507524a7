import { escapeHtml } from '@ar/core';
import { devPage } from '../page.ts';
import type { CapturedMail, CapturedMailItem } from './mailbox.queries.ts';

const STYLE = `.meta{background:#fff;padding:12px 16px;border-radius:6px;margin-bottom:12px;font-size:14px}
iframe{width:100%;height:70vh;border:1px solid #d5dce4;background:#fff;border-radius:6px}`;

const BANNER =
  '<strong>Caixa de saída local</strong> — modo de demonstração: nenhum e-mail sai deste computador; aqui só as mensagens da sua conta. <a href="/dev/mailbox">Todas as mensagens</a>';

const page = (title: string, body: string) => devPage(title, BANNER, body, STYLE);

const fmt = (d: Date) => new Date(d).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });

/** /dev/mailbox: the list, newest first. */
export function presentMailList(rows: CapturedMailItem[]): string {
  const list = rows.length
    ? `<table><thead><tr><th>#</th><th>Para</th><th>Assunto</th><th>Enviado em</th></tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><td>${r.cai_codigo}</td><td>${escapeHtml(r.cai_to)}</td><td><a href="/dev/mailbox/${r.cai_codigo}">${escapeHtml(r.cai_subject)}</a></td><td>${fmt(r.cai_data)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>Nenhuma mensagem enviada ainda.</p>';
  return page('Caixa de saída local', `<h1>Caixa de saída local</h1>${list}`);
}

/** /dev/mailbox/{id}: the message as its recipient would see it, in a sandboxed frame without scripts. */
export function presentMail(row: CapturedMail): string {
  // Links inside the message open in the whole window, as they would from a mail client.
  const doc = `<base target="_top">${row.cai_html ?? `<pre>${escapeHtml(row.cai_text ?? '')}</pre>`}`;
  const meta = `<div class="meta"><div><b>De:</b> ${escapeHtml(row.cai_from)}</div><div><b>Para:</b> ${escapeHtml(row.cai_to)}</div>
<div><b>Assunto:</b> <span id="subject">${escapeHtml(row.cai_subject)}</span></div><div><b>Enviado em:</b> ${fmt(row.cai_data)} · <a href="/dev/mailbox/${row.cai_codigo}/raw">mensagem original (.eml)</a></div></div>`;
  return page(
    row.cai_subject,
    `${meta}<iframe title="Conteúdo da mensagem" sandbox="allow-popups allow-top-navigation allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(doc)}"></iframe>`,
  );
}

export const presentMailNotFound = () => page('Não encontrada', '<p>Mensagem não encontrada.</p>');

/** The .eml download's file name. */
export const rawMailFileName = (cai_codigo: number) => `mensagem-${cai_codigo}.eml`;
