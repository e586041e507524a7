import { MSG } from '@ar/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const alerts = vi.hoisted(() => ({ showInternalError: vi.fn(), showOffline: vi.fn(), showAlert: vi.fn() }));
vi.mock('../app/alerts.ts', () => alerts);
// The session's CSRF token (its readable cookie, session.ts).
vi.mock('../session/session.ts', async (original) => ({
  ...(await original<typeof import('../session/session.ts')>()),
  csrfToken: () => 'token-csrf',
}));

const { ApiError, isNetworkError } = await import('./client.ts');
const { apiClient } = await import('./typed-client.ts');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (fetchMock: ReturnType<typeof vi.fn>, n = 0) => fetchMock.mock.calls[n]?.[0] as Request;

// The typed client sends what the web always sent and fails the way the web always failed (client.ts).
describe('apiClient', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    alerts.showInternalError.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers the body of a success, with the path filled and the query as before (empty values left out, lists repeated)', async () => {
    fetchMock.mockResolvedValueOnce(json({ eti_codigo: 5, eti_nome: 'Cobrança' }));
    const label = await apiClient.GET('/v2/etiquetas/{id}', { params: { path: { id: 5 } } });
    expect(label).toEqual({ eti_codigo: 5, eti_nome: 'Cobrança' });
    expect(new URL(sent(fetchMock).url).pathname).toBe('/v2/etiquetas/5');
    expect(sent(fetchMock).headers.get('accept')).toBe('application/json');
    expect(sent(fetchMock).headers.get('x-csrf-token')).toBeNull();

    fetchMock.mockResolvedValueOnce(json({ valido: [] }));
    await apiClient.GET('/v2/emails/check/valido', { params: { query: { emails: ['a@x.test', 'b@x.test'] } } });
    expect(new URL(sent(fetchMock, 1).url).search).toBe('?emails=a%40x.test&emails=b%40x.test');

    fetchMock.mockResolvedValueOnce(json({ notificacoes: [] }));
    await apiClient.GET('/v2/notificacoes', { params: { query: { setor: undefined } } });
    expect(new URL(sent(fetchMock, 2).url).search).toBe('');
  });

  it('sends a change as JSON with the CSRF token', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'ok' }));
    await apiClient.POST('/v2/etiquetas', { body: { eti_nome: 'Nova', eti_cor: '#ffffff' } });
    const request = sent(fetchMock);
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-csrf-token')).toBe('token-csrf');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ eti_nome: 'Nova', eti_cor: '#ffffff' });
  });

  it("rejects with the server's Portuguese message and status, and a network failure as status 0 after 'Erro Interno'", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Registro não encontrado.' }, 404));
    const missing = await apiClient.GET('/v2/etiquetas/{id}', { params: { path: { id: 9 } }, silent: true }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: 'Registro não encontrado.' });
    expect(alerts.showInternalError).not.toHaveBeenCalled();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const down = await apiClient.GET('/v2/etiquetas/{id}', { params: { path: { id: 9 } }, silent: true }).catch((e: unknown) => e);
    expect(isNetworkError(down)).toBe(true);
    expect((down as Error).message).toBe(MSG.internalError);
    expect(alerts.showInternalError).toHaveBeenCalledTimes(1);
  });

  it('reports a server failure to the server log unless the call is silent', async () => {
    fetchMock.mockImplementation(async (input: Request | string) =>
      typeof input === 'string' ? new Response(null, { status: 204 }) : json({ message: MSG.internalError, requestId: 'r-1' }, 500),
    );
    await apiClient.GET('/v2/notificacoes/total').catch(() => {});
    const reports = () => fetchMock.mock.calls.filter(([input]) => input === '/v2/client-errors');
    expect(reports()).toHaveLength(1);
    expect(JSON.parse(String(reports()[0]?.[1]?.body))).toMatchObject({ message: 'GET /notificacoes/total → 500', requestId: 'r-1' });
    await apiClient.GET('/v2/notificacoes/total', { silent: true }).catch(() => {});
    expect(reports()).toHaveLength(1);
  });
});
