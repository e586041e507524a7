import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

/** API_KEY_RATE_LIMIT and WEBHOOK_ALLOW_PRIVATE (docs/integrations.md): their defaults per mode and their checks. */
describe('integration settings', () => {
  const production = { DATABASE_URL: 'postgres://ar@db.exemplo/ar', SMTP_URL: 'smtp://relay.exemplo:587' };

  it('allows private webhook addresses in the embedded demo mode only, unless told', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(true);
    expect(loadConfig(production).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'talvez' })).toThrow(/WEBHOOK_ALLOW_PRIVATE: use true ou false/);
  });

  it('limits a key to 600 requests a minute unless API_KEY_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).apiKeyRateLimit).toBe(600);
    expect(loadConfig({ API_KEY_RATE_LIMIT: '1200' }).apiKeyRateLimit).toBe(1200);
    expect(() => loadConfig({ API_KEY_RATE_LIMIT: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_KEY_RATE_LIMIT: 'muitos' })).toThrow(/API_KEY_RATE_LIMIT/);
  });
});
