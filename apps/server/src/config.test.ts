import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startProblems } from './config.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, and takes Fastify forms otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a value that names no address, with a message that says which', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.interno', '127.0.0.1,,10.0.0.1', '::1/129', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.interno' })).toThrow(
      /TRUST_PROXY: endereço ou bloco inválido: "proxy\.interno"/,
    );
  });

  it('stops the server at start with that message', async () => {
    const started = run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, TRUST_PROXY: '10.0.0.0/99', PORT: '0', INBOUND_SMTP_PORT: '0', DATA_DIR: '/nonexistent/ar' },
      // Loading TypeScript through tsx takes seconds on a busy machine; a hang still ends here.
      timeout: 80_000,
    });
    const failure = await started.then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('Configuração inválida');
    expect(failure?.stderr).toContain('TRUST_PROXY: endereço ou bloco inválido: "10.0.0.0/99"');
  }, 90_000);
});

describe('ROLE', () => {
  it('is all by default; web and worker only with PostgreSQL, whose other processes do the rest', () => {
    expect(loadConfig({}).role).toBe('all');
    const pg = { DATABASE_URL: 'postgres://ar@db:5432/ar' };
    expect(loadConfig({ ...pg, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...pg, ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE: web exige DATABASE_URL/);
    expect(() => loadConfig({ ...pg, ROLE: 'http' })).toThrow(/ROLE: use all, web ou worker/);
  });
});

describe('channels', () => {
  it('uses the embedded simulator by default, with credentials from this installation’s own secret', async () => {
    const os = await import('node:os');
    const fs = await import('node:fs/promises');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-config-'));
    try {
      const c = loadConfig({ PUBLIC_URL: 'https://ar.exemplo.com.br/', DATA_DIR: dir });
      expect(c.channels.sms).toBe('simulator');
      expect(c.channels.whatsapp).toBe('simulator');
      expect(c.channels.twilio.apiUrl).toBe('https://ar.exemplo.com.br/dev/twilio');
      expect(c.channels.meta.apiUrl).toBe('https://ar.exemplo.com.br/dev/graph/v21.0');
      expect(c.channels.twilio.accountSid).toMatch(/^AC[0-9a-f]{32}$/);
      expect(c.channels.twilio.authToken).toMatch(/^[0-9a-f]{32}$/);
      expect(c.channels.meta.appSecret).not.toBe(c.channels.twilio.authToken);
      // The same secret file gives the same values (another process on the DATA_DIR).
      expect(loadConfig({ DATA_DIR: dir }).channels.twilio.authToken).toBe(c.channels.twilio.authToken);
      expect((await fs.stat(path.join(dir, 'simulator-secret'))).mode & 0o777).toBe(0o600);
      // Another installation: other credentials.
      const other = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-config-'));
      expect(loadConfig({ DATA_DIR: other }).channels.twilio.authToken).not.toBe(c.channels.twilio.authToken);
      await fs.rm(other, { recursive: true, force: true });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('takes a real provider’s settings, and names the ones missing', () => {
    const twilio = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'segredo',
      TWILIO_FROM: 'MG123',
      TWILIO_API_URL: 'http://127.0.0.1:9/',
    }).channels;
    expect(twilio).toMatchObject({
      sms: 'twilio',
      twilio: { accountSid: 'AC123', authToken: 'segredo', from: 'MG123', apiUrl: 'http://127.0.0.1:9' },
    });
    expect(
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'a', TWILIO_AUTH_TOKEN: 'b', TWILIO_FROM: 'c' }).channels.twilio.apiUrl,
    ).toBe('https://api.twilio.com');
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
      /TWILIO_AUTH_TOKEN: obrigatório com o provedor twilio\n {2}TWILIO_FROM: obrigatório/,
    );
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'meta' })).toThrow(/WHATSAPP_APP_SECRET: obrigatório com o provedor meta/);
    expect(() => loadConfig({ SMS_PROVIDER: 'zenvia', ZENVIA_API_TOKEN: 't', ZENVIA_WEBHOOK_SECRET: 'x'.repeat(16) })).toThrow(
      /ZENVIA_FROM_SMS: obrigatório com o provedor zenvia/,
    );
    // WhatsApp through Zenvia sends the approved template too: WHATSAPP_TEMPLATE is its templateId there.
    expect(() =>
      loadConfig({
        WHATSAPP_PROVIDER: 'zenvia',
        ZENVIA_API_TOKEN: 't',
        ZENVIA_WEBHOOK_SECRET: 'x'.repeat(16),
        ZENVIA_FROM_WHATSAPP: '5511',
      }),
    ).toThrow(/WHATSAPP_TEMPLATE: obrigatório com o provedor zenvia/);
    expect(() => loadConfig({ SMS_PROVIDER: 'sinal' })).toThrow(/SMS_PROVIDER: use none, simulator, twilio ou zenvia/);
    // AR-Voz through Twilio: the account and the calling number; the simulator's otherwise (docs/voice.md).
    expect(() => loadConfig({ VOICE_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 's' })).toThrow(
      /TWILIO_VOICE_FROM: obrigatório com VOICE_PROVIDER=twilio/,
    );
    expect(
      loadConfig({ VOICE_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 's', TWILIO_VOICE_FROM: '+551140040000' })
        .channels.voice,
    ).toMatchObject({
      provider: 'twilio',
      retryDelaySeconds: 3600,
      twilio: { accountSid: 'AC123', authToken: 's', from: '+551140040000', apiUrl: 'https://api.twilio.com' },
    });
    expect(() => loadConfig({ VOICE_PROVIDER: 'sip' })).toThrow(/VOICE_PROVIDER: use none, simulator ou twilio/);
    const meta = loadConfig({
      WHATSAPP_PROVIDER: 'meta',
      WHATSAPP_PHONE_NUMBER_ID: '123',
      WHATSAPP_TOKEN: 'tok',
      WHATSAPP_APP_SECRET: 'app',
      WHATSAPP_VERIFY_TOKEN: 'ver',
      WHATSAPP_TEMPLATE: 'aviso_ar',
    }).channels.meta;
    expect(meta).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      phoneNumberId: '123',
      token: 'tok',
      appSecret: 'app',
      verifyToken: 'ver',
      template: 'aviso_ar',
    });
  });
});

describe('the letter provider (AR-Carta)', () => {
  it('uses the embedded simulator by default, its key and secret derived from the installation’s secret', async () => {
    const os = await import('node:os');
    const fs = await import('node:fs/promises');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-config-'));
    try {
      const c = loadConfig({ PUBLIC_URL: 'https://ar.exemplo.com.br/', DATA_DIR: dir });
      expect(c.letter.provider).toBe('simulator');
      expect(c.letter.apiUrl).toBe('https://ar.exemplo.com.br/dev/letters');
      expect(c.letter.apiKey).toMatch(/^[0-9a-f]{40}$/);
      expect(c.letter.webhookSecret).toMatch(/^[0-9a-f]{40}$/);
      expect(c.letter.webhookSecret).not.toBe(c.letter.apiKey);
      expect(c.letter.apiKey).not.toBe(c.channels.twilio.authToken);
      expect(loadConfig({ DATA_DIR: dir }).letter.webhookSecret).toBe(c.letter.webhookSecret);
      const other = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-config-'));
      expect(loadConfig({ DATA_DIR: other }).letter.webhookSecret).not.toBe(c.letter.webhookSecret);
      await fs.rm(other, { recursive: true, force: true });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('takes the HTTP provider’s settings, and names the ones missing', () => {
    expect(
      loadConfig({
        LETTER_PROVIDER: 'http',
        LETTER_API_URL: 'https://cartas.exemplo.com.br/v1/',
        LETTER_API_KEY: 'chave',
        LETTER_WEBHOOK_SECRET: 's'.repeat(16),
      }).letter,
    ).toEqual({
      provider: 'http',
      returnAddress: null,
      apiUrl: 'https://cartas.exemplo.com.br/v1',
      apiKey: 'chave',
      webhookSecret: 's'.repeat(16),
    });
    expect(() => loadConfig({ LETTER_PROVIDER: 'http', LETTER_API_KEY: 'chave' })).toThrow(
      /LETTER_API_URL: obrigatório com o provedor http\n {2}LETTER_WEBHOOK_SECRET: obrigatório com o provedor http/,
    );
    expect(() => loadConfig({ LETTER_PROVIDER: 'correio' })).toThrow(/LETTER_PROVIDER: use none, simulator ou http/);
    expect(() => loadConfig({ LETTER_WEBHOOK_SECRET: 'curto' })).toThrow(ConfigError);
  });

  it('takes the letters’ return address as one line of at most 140 characters', () => {
    expect(loadConfig({}).letter.returnAddress).toBeNull();
    expect(loadConfig({ LETTER_RETURN_ADDRESS: '  Caixa Postal 1234, 01000-000 São Paulo - SP ' }).letter.returnAddress).toBe(
      'Caixa Postal 1234, 01000-000 São Paulo - SP',
    );
    expect(() => loadConfig({ LETTER_RETURN_ADDRESS: 'Rua A, 1\nApto 2' })).toThrow(/LETTER_RETURN_ADDRESS: use uma linha só/);
    expect(() => loadConfig({ LETTER_RETURN_ADDRESS: 'x'.repeat(141) })).toThrow(/LETTER_RETURN_ADDRESS: use até 140 caracteres/);
  });
});

describe('SIMULATORS (docs/simulators.md)', () => {
  it('is on in the embedded demo, off with DATABASE_URL, where the channels without a provider are none', () => {
    const demo = loadConfig({});
    expect(demo.simulators).toBe(true);
    expect([demo.channels.sms, demo.channels.whatsapp, demo.channels.voice.provider, demo.letter.provider]).toEqual([
      'simulator',
      'simulator',
      'simulator',
      'simulator',
    ]);
    const prod = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://relay:587' });
    expect(prod.simulators).toBe(false);
    expect([prod.channels.sms, prod.channels.whatsapp, prod.channels.voice.provider, prod.letter.provider]).toEqual([
      'none',
      'none',
      'none',
      'none',
    ]);
    expect(startProblems(prod)).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SIMULATORS: 'true' }).channels.sms).toBe('simulator');
  });

  it('refuses a provider on the simulator with the simulators off, and a start without SMTP_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', SMS_PROVIDER: 'simulator', LETTER_PROVIDER: 'simulator' })).toThrow(
      /SMS_PROVIDER: simulator só com os simuladores ligados[\s\S]*LETTER_PROVIDER: simulator só/,
    );
    expect(() => loadConfig({ SIMULATORS: 'false', VOICE_PROVIDER: 'simulator' })).toThrow(/VOICE_PROVIDER: simulator só/);
    expect(startProblems(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }))).toMatch(/SMTP_URL: obrigatório com os simuladores desligados/);
    expect(startProblems(loadConfig({}))).toBeNull();
  });
});

describe('error reporting and the map (docs/error-reporting.md, docs/maps.md)', () => {
  it('reports nothing without a DSN; SENTRY_DSN covers the web too unless SENTRY_DSN_WEB says otherwise', () => {
    expect(loadConfig({}).errorReporting).toBeNull();
    const both = loadConfig({ SENTRY_DSN: 'https://chave@sentry.exemplo.com.br/7', NODE_ENV: 'staging' }).errorReporting;
    expect(both).toMatchObject({
      dsn: 'https://chave@sentry.exemplo.com.br/7',
      webDsn: 'https://chave@sentry.exemplo.com.br/7',
      environment: 'staging',
    });
    expect(both?.release).toMatch(/^ar-online@\d+\.\d+\.\d+(\+[0-9a-f]{12})?$/);
    const web = loadConfig({
      SENTRY_DSN_WEB: 'https://web@glitchtip.exemplo.com.br/2',
      SENTRY_ENVIRONMENT: 'producao',
      SENTRY_RELEASE: 'ar@1',
    });
    expect(web.errorReporting).toEqual({
      dsn: null,
      webDsn: 'https://web@glitchtip.exemplo.com.br/2',
      environment: 'producao',
      release: 'ar@1',
    });
  });

  it('refuses a DSN without its key or project, and a tile template without {z}/{x}/{y} or without its credit', () => {
    for (const bad of ['https://sentry.exemplo.com.br/7', 'https://chave@sentry.exemplo.com.br/', 'ftp://chave@sentry/1', 'chave'])
      expect(() => loadConfig({ SENTRY_DSN: bad }), bad).toThrow(/SENTRY_DSN: deve ser um DSN do Sentry/);
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.exemplo.com.br/mapa.png', MAP_ATTRIBUTION: 'x' })).toThrow(/MAP_TILES_URL/);
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.exemplo.com.br/{z}/{x}/{y}.png' })).toThrow(/MAP_ATTRIBUTION: obrigatório/);
    expect(loadConfig({}).map).toEqual({ tilesUrl: null, attribution: null });
    expect(loadConfig({ MAP_TILES_URL: 'https://tiles.exemplo.com.br/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© OpenStreetMap' }).map).toEqual({
      tilesUrl: 'https://tiles.exemplo.com.br/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap',
    });
  });
});
