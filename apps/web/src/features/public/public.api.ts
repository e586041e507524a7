import { PUBLIC_MSG, type PublicAnswerBody } from '@ar/core';
import { ApiError } from '../../api/client.ts';
import { apiClient } from '../../api/typed-client.ts';

/** What the browser tells about itself, sent with each public call (spec 002 §7 client info). */
const clientInfo = () => ({
  idioma: navigator.language,
  tela: `${window.screen.width}x${window.screen.height}`,
  fuso: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

// The security answer is sent once, in the body of the answer call; the server answers a right one
// with a cookie the page cannot read (HttpOnly, 30 minutes, this message only) that every public
// call and download carries by itself. No address the page builds holds the answer (docs/security-answer.md).

/** POST …/resposta/{uuid}: the visitor's answer to the security question. */
export const answerCall = (uuid: string, body: PublicAnswerBody) =>
  apiClient.POST('/v2/emails/info/public/resposta/{uuid}', { params: { path: { uuid } }, body, silent: true });
export const publicMessageCall = (uuid: string) =>
  apiClient.GET('/v2/emails/info/public/{uuid}', { params: { path: { uuid }, query: clientInfo() }, silent: true });
export const registerReadCall = (uuid: string) =>
  apiClient.GET('/v2/emails/info/public/{uuid}/track-email/{x}', {
    params: { path: { uuid, x: 'leitura' }, query: clientInfo() },
    silent: true,
  });
/** …/track-sms/leitura or …/track-whatsapp/leitura: the page opened from the SMS's or the WhatsApp message's link. */
export const registerPhoneReadCall = (uuid: string, channel: 'sms' | 'whatsapp') => {
  const init = { params: { path: { uuid, x: 'leitura' }, query: clientInfo() }, silent: true };
  return channel === 'sms'
    ? apiClient.GET('/v2/emails/info/public/{uuid}/track-sms/{x}', init)
    : apiClient.GET('/v2/emails/info/public/{uuid}/track-whatsapp/{x}', init);
};
/** The query flags of the page's address that record an opening (spec 002 §2); they survive the security question. */
export const OPENING_FLAGS = ['email', 'sms', 'whatsapp', 'accept'] as const;
export const registerAcceptCall = (uuid: string) =>
  apiClient.GET('/v2/emails/info/public/{uuid}/track-accept-email/{x}', {
    params: { path: { uuid, x: 'aceite' }, query: clientInfo() },
    silent: true,
  });
/** AR-Voz: the recording's link, number, status and hash (GET /email/public/voz/{uuid}). */
export const publicVoiceCall = (uuid: string) => apiClient.GET('/v2/email/public/voz/{uuid}', { params: { path: { uuid } }, silent: true });
/** AR-Carta: the letter's links, hashes and tracking code (GET /email/public/carta/{uuid}). */
export const publicLetterCall = (uuid: string) =>
  apiClient.GET('/v2/email/public/carta/{uuid}', { params: { path: { uuid } }, silent: true });

/**
 * A public file (an attachment, the call's recording) as a blob, for the page to hand to the
 * browser; refused, an ApiError with the server's message and body, like the other calls.
 */
export async function publicFileCall(path: string): Promise<Blob> {
  const res = await fetch(path).catch(() => null);
  if (!res) throw new ApiError(0, PUBLIC_MSG.downloadError);
  if (res.ok) return res.blob();
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new ApiError(res.status, body?.message ?? PUBLIC_MSG.downloadError, body);
}

/** The message whose security question stands in the way of a call (403 naming it), or undefined. */
export function questionOf(e: unknown): string | undefined {
  if (!(e instanceof ApiError) || e.status !== 403) return undefined;
  return (e.body as { codeEmail?: string } | null)?.codeEmail;
}

/** The pages a message's files live on, by the verify page's `origin`: it sends the visitor back only there. */
export const FILE_PAGES = {
  attachments: '/emails/info/public/attachments/',
  carta: '/emails/info/public/carta/',
  voz: '/emails/info/public/voz/',
} as const;
export type FilePage = keyof typeof FILE_PAGES;

/**
 * The verify page's address for a message, remembering where the visitor was going: `origin`
 * (email, or a FILE_PAGES key), the page to go back to, the opening flags, and `erro` after a
 * wrong answer.
 */
export function verifyPagePath(uuid: string, params: Record<string, string>) {
  return `/emails/info/public/verify/${uuid}?${new URLSearchParams(params)}`;
}
export const resolveLinkCall = (lnk: string) =>
  apiClient.GET('/v2/emails/info/public/track-conteudo-link-externo/{lnk}', {
    params: { path: { lnk }, query: clientInfo() },
    silent: true,
  });
export const validateStampCall = (carimboBase64: string, hash: string) =>
  apiClient.POST('/v2/emails/validar-carimbo', { body: { carimboBase64, hash }, silent: true });
export const stampResultCall = (token: string) =>
  apiClient.GET('/v2/emails/validar-carimbo/{token}', { params: { path: { token } }, silent: true });
/** POST /v2/documentos/validar: a PDF the product issued, checked (multipart field arquivo). */
export function validateDocumentCall(file: File) {
  const form = new FormData();
  form.append('arquivo', file);
  // A cast: the document describes the multipart field (arquivo) as binary, which its generated type reads as a string; the browser sends the File.
  return apiClient.POST('/v2/documentos/validar', { body: form as never, silent: true });
}

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
