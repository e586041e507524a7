import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const alerts = vi.hoisted(() => ({ showInternalError: vi.fn(), showOffline: vi.fn(), showAlert: vi.fn() }));
vi.mock('../app/alerts.ts', () => alerts);

const { api, isNetworkError } = await import('./client.ts');

describe('a call that never reaches the server', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    alerts.showInternalError.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Erro Interno' once and rejects as a network error", async () => {
    const failure = await api('/etiquetas').catch((e: unknown) => e);
    expect(isNetworkError(failure)).toBe(true);
    expect(alerts.showInternalError).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the page is being left: the browser cancelled it, nothing failed', async () => {
    window.dispatchEvent(new Event('beforeunload'));
    const failure = await api('/etiquetas').catch((e: unknown) => e);
    expect(isNetworkError(failure)).toBe(true);
    expect(alerts.showInternalError).not.toHaveBeenCalled();
    // The page stayed (a download, an abandoned navigation): failures are shown again.
    window.dispatchEvent(new Event('pageshow'));
    await api('/etiquetas').catch(() => {});
    expect(alerts.showInternalError).toHaveBeenCalledTimes(1);
  });
});
