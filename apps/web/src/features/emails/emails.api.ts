import type { Channel, OficioEvidence, StatusEntry } from '@ar/core';
import { api } from '../../api/client.ts';

export interface TagRef {
  eti_codigo: number;
  eti_nome: string;
  eti_cor: string;
}

export interface SentRow {
  ema_uni_codigo: number;
  ema_uni_id: string;
  ema_uni_to: string | null;
  ema_uni_name_to: string;
  ema_uni_subject: string;
  ema_uni_identificacao: string;
  ema_uni_data_criacao: string;
  ema_uni_sms: { number: string } | null;
  ema_uni_whatsapp: { numberReceived: string } | null;
  emailEtiquetas: TagRef[];
  lastStatus: Partial<Record<Channel, StatusEntry | null>>;
}

export interface AttachmentRef {
  uuidFilename: string;
  originalFilename: string;
  mime: string;
  size: number;
}

export interface SentDetail extends Omit<SentRow, 'lastStatus'> {
  ema_uni_name_from: string;
  ema_uni_from: string;
  ema_uni_content: string;
  ema_uni_attachments: { attachments: AttachmentRef[] };
  hasAttachments: boolean;
  hasVerification: boolean;
  verification: { ema_verif_pergunta: string; ema_verif_resposta: string | null } | null;
  email_error: { reasonFailure: string; dateSend: string } | null;
  /** A legal notice's fields (null for other messages). */
  oficio: OficioEvidence | null;
  status: Record<Channel, StatusEntry[]>;
  lastStatus: Partial<Record<Channel, StatusEntry>>;
  timeline: { type: string; date: string; status: string }[];
}

export const getSentCall = (id: number) => api<SentDetail>(`/emails/send/${id}`, { silent: true });
export const refreshStatusCall = (id: number) =>
  api<Pick<SentDetail, 'status' | 'lastStatus' | 'timeline'>>(`/emails/status/${id}`, { silent: true });
export const addTagsCall = (id: number, codes: number[]) =>
  api<TagRef[]>(`/emails/send/${id}/etiquetas`, { method: 'POST', body: codes, silent: true });
export const removeTagCall = (id: number, tagId: number) =>
  api<{ message: string }>(`/emails/send/${id}/etiquetas/${tagId}`, { method: 'DELETE', silent: true });
export const tagOptionsCall = () =>
  api<{ etiquetas: TagRef[] }>('/etiquetas', { query: { limit: 10000, column: 'eti_nome', order: 'ASC' }, silent: true });

/** Downloads a file of an authenticated call (attachments, proofs) under its own name. */
export async function downloadFile(path: string, fallbackName: string, init: { method?: 'GET' | 'PUT'; body?: unknown } = {}) {
  const { getSession } = await import('../../session/session.ts');
  const res = await fetch(`/v2${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${getSession()?.token ?? ''}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'Falha no download');
  const name = decodeURIComponent(res.headers.get('filename') ?? '') || fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The sending proof as a PDF (PUT, with who asked for it) and the expert report. */
export async function downloadSendingProof(id: number) {
  const { getSession } = await import('../../session/session.ts');
  const user = getSession()?.user;
  return downloadFile(`/emails/sending-proof/${id}`, `comprovante-envio-${id}.pdf`, {
    method: 'PUT',
    body: { name: user?.usu_nome, email: user?.usu_login },
  });
}
export const downloadExpertReport = (id: number) => downloadFile(`/emails/report/laudo/${id}`, `relatorio-pericial-${id}.pdf`);
