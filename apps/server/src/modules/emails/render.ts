import { escapeHtml } from '@ar/core';
import { storedMessageHtml } from '../../mail/message-html.ts';

/** Links of a message body (http, https and bare www. addresses in href attributes). */
export function extractLinks(html: string): string[] {
  const links = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1/gis)) {
    const href = m[2].trim();
    if (/^(https?:\/\/|www\.)/i.test(href)) links.add(href);
  }
  return [...links];
}

export interface RenderInput {
  uuid: string;
  nameTo: string;
  nameFrom: string;
  subject: string;
  content: string;
  publicUrl: string;
  /** Original URL → tracked link uuid. */
  links: Map<string, string>;
  hasSecurityQuestion: boolean;
  /** When the body was stored (ema_uni_data_criacao): bodies stored before the sanitiser's fix are sanitised again. */
  storedAt: Date | string;
}

/**
 * The e-mail as the recipient receives it: a registered-mail header with the protocol, the body
 * with every link pointing to the tracked-link route, the button to the public page and the
 * open-tracking image. Text part included for clients without HTML.
 */
export function renderOutgoing(p: RenderInput): { html: string; text: string } {
  const publicPage = `${p.publicUrl}/emails/info/public/${p.uuid}?email=1`;
  // The stored body is sanitised already (send.service.ts); one stored before that fix is sanitised here.
  const content = storedMessageHtml(p.content, p.storedAt);
  const body = content.replace(/(<a\b[^>]*?\bhref\s*=\s*)(["'])(.*?)\2/gis, (whole, start: string, quote: string, href: string) => {
    const id = p.links.get(href.trim());
    return id ? `${start}${quote}${p.publicUrl}/emails/info/public/track-link-externo/${id}${quote}` : whole;
  });
  const pixel = `${p.publicUrl}/v2/emails/info/public/${p.uuid}/track-email/pixel.gif`;
  const html = `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px">
<tr><td style="background:#1c4e80;color:#fff;padding:14px 24px;border-radius:8px 8px 0 0;font-size:13px">
<strong>AR-Email — mensagem eletrônica registrada</strong><br>Protocolo ${escapeHtml(p.uuid)} · enviada por ${escapeHtml(p.nameFrom)}</td></tr>
<tr><td style="padding:24px">${body}</td></tr>
<tr><td style="padding:0 24px 24px"><p style="margin:16px 0"><a href="${publicPage}" style="background:#1c4e80;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${p.hasSecurityQuestion ? 'Confirmar e ver a mensagem registrada' : 'Ver a mensagem registrada'}</a></p>
<p style="font-size:11px;color:#6b7785">Esta mensagem tem registro de envio, entrega e leitura com carimbo do tempo. A página da mensagem mostra o conteúdo, os anexos e o seu histórico.</p></td></tr>
</table></td></tr></table><img src="${pixel}" width="1" height="1" alt="" style="display:block;border:0"></body></html>`;
  const plain = content
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const text = `AR-Email — mensagem eletrônica registrada\nProtocolo ${p.uuid} · enviada por ${p.nameFrom}\n\n${plain}\n\nVer a mensagem registrada: ${publicPage}\n`;
  return { html, text };
}
