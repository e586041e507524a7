import type { MessageResponse, PageReadResponse, PublicMessage, PublicVoice, TrackedLink, ValidarCarimboResult } from '@ar/core';
import { api } from '../../api/client.ts';

/** What the browser tells about itself, sent with each public call (spec 002 §7 client info). */
const clientInfo = () => ({
  idioma: navigator.language,
  tela: `${window.screen.width}x${window.screen.height}`,
  fuso: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

// The security answer is sent once, in the body of the answer call; the server answers a right one
// with a cookie the page cannot read (HttpOnly, 30 minutes, this message only) that every public
// call and download carries by itself. No address the page builds holds the answer (docs/security.md).

/** POST …/{uuid}/resposta: the visitor's answer to the security question. */
export const answerCall = (uuid: string, verify: string) =>
  api<MessageResponse>(`/emails/info/public/${uuid}/resposta`, { method: 'POST', body: { verify }, silent: true });
export const publicMessageCall = (uuid: string) => api<PublicMessage>(`/emails/info/public/${uuid}`, { query: clientInfo(), silent: true });
export const registerReadCall = (uuid: string) =>
  api<PageReadResponse>(`/emails/info/public/${uuid}/track-email/leitura`, { query: clientInfo(), silent: true });
/** …/track-sms/leitura or …/track-whatsapp/leitura: the page opened from the SMS's or the WhatsApp message's link. */
export const registerPhoneReadCall = (uuid: string, channel: 'sms' | 'whatsapp') =>
  api<PageReadResponse>(`/emails/info/public/${uuid}/track-${channel}/leitura`, { query: clientInfo(), silent: true });
/** The query flags of the page's address that record an opening (spec 002 §2); they survive the security question. */
export const OPENING_FLAGS = ['email', 'sms', 'whatsapp', 'accept'] as const;
export const registerAcceptCall = (uuid: string) =>
  api<MessageResponse>(`/emails/info/public/${uuid}/track-accept-email/aceite`, { query: clientInfo(), silent: true });
/** AR-Voz: the recording's link, number, status and hash (GET /email/public/voz/{uuid}). */
export const publicVoiceCall = (uuid: string) => api<PublicVoice>(`/email/public/voz/${uuid}`, { silent: true });

/**
 * The verify page's address for a message, remembering where the visitor was going: `origin`
 * (email, attachments, carta, voz), the page to go back to, the opening flags, and `erro` after a
 * wrong answer.
 */
export function verifyPagePath(uuid: string, params: Record<string, string>) {
  return `/emails/info/public/verify/${uuid}?${new URLSearchParams(params)}`;
}
export const resolveLinkCall = (lnk: string) =>
  api<TrackedLink>(`/emails/info/public/track-conteudo-link-externo/${lnk}`, { query: clientInfo(), silent: true });
export const validateStampCall = (carimboBase64: string, hash: string) =>
  api<ValidarCarimboResult>('/emails/validar-carimbo', { method: 'POST', body: { carimboBase64, hash }, silent: true });
export const stampResultCall = (token: string) => api<ValidarCarimboResult>(`/emails/validar-carimbo/${token}`, { silent: true });

/** The attachment page's address: the original name in base64 (UTF-8), then the attachment uuid. */
export function attachmentPagePath(originalFilename: string, uuid: string) {
  const bytes = new TextEncoder().encode(originalFilename);
  const b64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `/emails/info/public/attachments/${b64}/${uuid}`;
}

export function decodeName(b64: string): string {
  try {
    const normal = b64.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return 'anexo';
  }
}
