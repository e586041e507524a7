import type {
  BlacklistCheckResponse,
  ComposeBody,
  InstitutionsResponse,
  LeadBody,
  LeadListResponse,
  LeadSavedResponse,
  Sender,
  SenderListResponse,
  SendResponse,
  Template,
  TemplateListResponse,
  UploadAttachmentsResponse,
  ValidityCheckResponse,
} from '@ar/core';
import { api } from '../../../api/client.ts';

const PICKER = { limit: 1000, offset: 0 } as const;

export const sendersCall = () =>
  api<SenderListResponse>('/sender', { query: { ...PICKER, column: 'sen_nome', order: 'ASC' }, silent: true });
export const saveSenderCall = (sen_nome: string, cod_usu_usuario: number) =>
  api<Sender>('/sender', { method: 'POST', body: { sen_nome, cod_usu_usuario }, silent: true });
export const institutionsCall = () => api<InstitutionsResponse>('/contato-instituicoes', { silent: true });
/** Only enabled templates are offered for a new send (spec 001 §4). */
export const enabledTemplatesCall = () =>
  api<TemplateListResponse>('/modelos', { query: { ...PICKER, column: 'mod_name', order: 'ASC', mod_enable: 'true' }, silent: true });
export const getTemplateCall = (id: number) => api<Template>(`/modelos/${id}`, { silent: true });
export const leadsPickerCall = () =>
  api<LeadListResponse>('/leads', { query: { ...PICKER, column: 'lea_nome', order: 'ASC' }, silent: true });
export const saveLeadCall = (id: number | null, body: LeadBody) =>
  api<LeadSavedResponse>(id ? `/leads/${id}` : '/leads', { method: id ? 'PUT' : 'POST', body, silent: true });

export function uploadAttachmentsCall(files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('attachments', f, f.name);
  return api<UploadAttachmentsResponse>('/emails/attachments', { method: 'POST', body: form, silent: true });
}

export const blacklistCheckCall = (email: string) =>
  api<BlacklistCheckResponse>(`/emails/check/blacklist/${encodeURIComponent(email)}`, { silent: true });
export const validityCheckCall = (emails: string[]) =>
  api<ValidityCheckResponse>('/emails/check/valido', { query: { emails }, silent: true });

export const sendCall = (body: ComposeBody) =>
  api<SendResponse>('/emails/send', {
    method: 'POST',
    body,
    silent: true,
  });
