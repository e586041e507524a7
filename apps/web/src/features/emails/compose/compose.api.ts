import { type ApiBody, apiClient } from '../../../api/typed-client.ts';
import type { LeadPayload } from '../../leads/leads.api.ts';

export type ComposePayload = ApiBody<'post', '/v2/emails/send'>;

const PICKER = { limit: 1000, offset: 0 } as const;

export const sendersCall = () =>
  apiClient.GET('/v2/sender', { params: { query: { ...PICKER, column: 'sen_nome', order: 'ASC' } }, silent: true });
export const saveSenderCall = (sen_nome: string, cod_usu_usuario: number) =>
  apiClient.POST('/v2/sender', { body: { sen_nome, cod_usu_usuario }, silent: true });
export const institutionsCall = () => apiClient.GET('/v2/contato-instituicoes', { silent: true });
/** Only enabled templates are offered for a new send (spec 001 §4). */
export const enabledTemplatesCall = () =>
  apiClient.GET('/v2/modelos', { params: { query: { ...PICKER, column: 'mod_name', order: 'ASC', mod_enable: 'true' } }, silent: true });
export const getTemplateCall = (id: number) => apiClient.GET('/v2/modelos/{id}', { params: { path: { id } }, silent: true });
export const leadsPickerCall = () =>
  apiClient.GET('/v2/leads', { params: { query: { ...PICKER, column: 'lea_nome', order: 'ASC' } }, silent: true });
export const saveLeadCall = (id: number | null, body: LeadPayload) =>
  id
    ? apiClient.PUT('/v2/leads/{id}', { params: { path: { id } }, body, silent: true })
    : apiClient.POST('/v2/leads', { body, silent: true });

export function uploadAttachmentsCall(files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('attachments', f, f.name);
  // A cast: the document describes the multipart field (attachments) as binary, which its generated type reads as strings; the browser sends the Files.
  return apiClient.POST('/v2/emails/attachments', { body: form as never, silent: true });
}

export const blacklistCheckCall = (email: string) =>
  apiClient.GET('/v2/emails/check/blacklist/{email}', { params: { path: { email } }, silent: true });
export const validityCheckCall = (emails: string[]) =>
  apiClient.GET('/v2/emails/check/valido', { params: { query: { emails } }, silent: true });

export const sendCall = (body: ComposePayload) => apiClient.POST('/v2/emails/send', { body, silent: true });
