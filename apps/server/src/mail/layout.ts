import { escapeHtml } from '@ar/core';
import type { OutgoingMail } from './mail.service.ts';

/** The product's plain transactional e-mail: a title, paragraphs and one button, HTML and text. */
export function layoutEmail(p: {
  to: string;
  subject: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}): OutgoingMail {
  const body = p.paragraphs.map((t) => `<p style="margin:0 0 14px">${escapeHtml(t)}</p>`).join('');
  const button = p.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(p.action.url)}" style="background:#1c4e80;color:#fff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(p.action.label)}</a></p>
<p style="font-size:12px;color:#666">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(p.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><div style="font-size:20px;font-weight:700;color:#1c4e80;margin-bottom:18px">AR Online</div>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(p.title)}</h1>${body}${button}</td></tr></table>
<p style="font-size:11px;color:#8a96a3">Mensagem automática. Não responda a este e-mail.</p></td></tr></table></body></html>`;
  const text = [p.title, '', ...p.paragraphs, '', ...(p.action ? [`${p.action.label}: ${p.action.url}`] : [])].join('\n');
  return { to: p.to, subject: p.subject, html, text };
}
