import type { RemessaUploadBody, TransporteBody } from '@ar/core';
import { apiClient } from '../../api/typed-client.ts';

export const listTransportesCall = () => apiClient.GET('/v2/transporte-dados', { silent: true });
export const saveTransporteCall = (id: number | null, body: TransporteBody) =>
  id
    ? apiClient.PUT('/v2/transporte-dados/{id}', { params: { path: { id } }, body, silent: true })
    : apiClient.POST('/v2/transporte-dados', { body, silent: true });
export const deleteTransporteCall = (id: number) =>
  apiClient.DELETE('/v2/transporte-dados/{id}', { params: { path: { id } }, silent: true });

/** POST /remessas/upload (spec 002 §7; docs/remessas.md): the generated file, as a data URL. */
export const uploadRemessaCall = (body: RemessaUploadBody) => apiClient.POST('/v2/remessas/upload', { body, silent: true });
