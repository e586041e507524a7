import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sameToken } from './metrics.routes.ts';

describe('METRICS_TOKEN and SHUTDOWN_TIMEOUT_SECONDS', () => {
  it('no /metrics and a 25 s drain by default; a token of 16+ characters and 1 to 600 seconds when set', () => {
    const plain = loadConfig({});
    expect(plain.metricsToken).toBeNull();
    expect(plain.shutdownTimeoutSeconds).toBe(25);
    const set = loadConfig({ METRICS_TOKEN: 'abcdefghijklmnop', SHUTDOWN_TIMEOUT_SECONDS: '60' });
    expect(set.metricsToken).toBe('abcdefghijklmnop');
    expect(set.shutdownTimeoutSeconds).toBe(60);
    expect(() => loadConfig({ METRICS_TOKEN: 'curto' })).toThrow(/METRICS_TOKEN: use ao menos 16 caracteres/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS: use de 1 a 600 segundos/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: 'dez' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('compares the scraper’s token whole, whatever its length', () => {
    expect(sameToken('abcdefghijklmnop', 'abcdefghijklmnop')).toBe(true);
    expect(sameToken('abcdefghijklmno', 'abcdefghijklmnop')).toBe(false);
    expect(sameToken('abcdefghijklmnopq', 'abcdefghijklmnop')).toBe(false);
    expect(sameToken('', 'abcdefghijklmnop')).toBe(false);
  });
});
