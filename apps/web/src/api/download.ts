import { MSG } from '@ar/core/messages';
import { ApiError, sessionHeaders } from './client.ts';

/**
 * Downloads the file an authenticated call answers (attachments, proofs, reports) under the name
 * its `filename` header gives (spec 002 §7). A refusal rejects with ApiError carrying the status
 * and the server's Portuguese message ('Ausência de Dados!'...); a network failure with status 0.
 * The caller shows the screen's message (spec 002 §8: 'Houve um erro ao baixar o Comprovante'...).
 */
export async function downloadFile(path: string, fallbackName: string, init: { method?: 'GET' | 'PUT' | 'POST'; body?: unknown } = {}) {
  let res: Response;
  try {
    res = await fetch(`/v2${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...sessionHeaders(init.method ?? 'GET'),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, navigator.onLine === false ? MSG.offline : MSG.internalError);
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, data?.message ?? 'Falha no download', data);
  }
  const name = decodeURIComponent(res.headers.get('filename') ?? '') || fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
