import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type BackupConfig, backupConfig, backupEnv } from './config-backup.ts';
import { productRelease } from './release.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `deve ser uma URL (${protocols.join(' ou ')})`,
  );

/**
 * A Sentry DSN (Sentry, self-hosted Sentry, GlitchTip: docs/error-reporting.md):
 * `https://<public key>@<host>[/<path>]/<project id>`.
 */
const dsn = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return ['http:', 'https:'].includes(u.protocol) && !!u.username && /\/\d+$/.test(u.pathname);
  } catch {
    return false;
  }
}, 'deve ser um DSN do Sentry, ex. https://chave@sentry.exemplo.com.br/1');

/** An XYZ tile template: an http(s) URL with {z}, {x} and {y} (an optional {s} subdomain, {r} retina). */
const tilesTemplate = z.string().refine((v) => {
  if (!['{z}', '{x}', '{y}'].every((p) => v.includes(p))) return false;
  try {
    return ['http:', 'https:'].includes(new URL(v.replace(/\{[a-z]\}/g, '0')).protocol);
  } catch {
    return false;
  }
}, 'deve ser um modelo de URL de tiles com {z}, {x} e {y}, ex. https://tile.exemplo.com.br/{z}/{x}/{y}.png');

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an IPv4/IPv6 address, a CIDR block of one, or a range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set the client's address through X-Forwarded-For (docs/security.md). Unset or
 * `false`: none, the address is the socket's. Otherwise Fastify's forms: `true` (any), a hop count,
 * or a comma-separated list of addresses and CIDR blocks.
 */
export type TrustProxy = boolean | number | string[];

const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (v === 'true' || v === 'false') return v === 'true';
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 100) return hops;
    } else {
      const entries = v.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !isProxyEntry(e));
      if (bad.length === 0) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `endereço ou bloco inválido: ${bad.map((b) => `"${b}"`).join(', ')}; use true, um número de saltos (0 a 100) ou endereços/CIDRs separados por vírgula, ex. 127.0.0.1,10.0.0.0/8`,
      });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: 'número de saltos fora do intervalo: use de 0 a 100' });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('AR Online <nao-responda@aronline.local>'),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  TSA_URL: url(['http:', 'https:']).optional(),
  /** PEM file with the certificate(s) TSA_URL's tokens must chain to (e.g. the ICP-Brasil root). */
  TSA_CA_FILE: z.string().min(1).optional(),
  /** PKCS#12 (.p12/.pfx) with the operator's signing certificate (an ICP-Brasil A1); unset: the installation's own. */
  SIGNING_P12: z.string().min(1).optional(),
  SIGNING_P12_PASSWORD: z.string().max(1000).optional(),
  SEED_DEMO: bool.optional(),
  STORE_URL: url(['http:', 'https:']).default('https://loja.aronline.com.br'),
  /** Secret of the store's (WooCommerce) order webhooks; unset: the webhook answers 401. */
  STORE_WEBHOOK_SECRET: z.string().min(8, 'use ao menos 8 caracteres').max(200).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds of delay per failed login beyond the free ones; tests set 0. */
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).max(10000).default(700),
  CHECK_RESPONSES: bool.default(false),
  TRUST_PROXY: trustProxy.optional(),
  /** What this process does (docs/scale.md): all, only HTTP (and inbound SMTP), or only the queue's workers. */
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'use all, web ou worker' }).default('all'),
  /** Days a bulk proof's file is kept once ready (docs/reports.md); then a scheduled job removes it. */
  PROOFS_EXPIRY_DAYS: z.coerce.number().int().min(1, 'use de 1 a 365 dias').max(365, 'use de 1 a 365 dias').default(7),
  /** The phone channels' providers (docs/channels.md); simulator: the embedded one, at /dev. */
  /**
   * The embedded demo mode's simulators and local mailbox under /dev (src/simulators/, docs/security.md):
   * on by default only without DATABASE_URL. Off, a channel left without a provider is not offered.
   */
  SIMULATORS: bool.optional(),
  SMS_PROVIDER: z.enum(['none', 'simulator', 'twilio', 'zenvia'], { error: 'use none, simulator, twilio ou zenvia' }).optional(),
  WHATSAPP_PROVIDER: z.enum(['none', 'simulator', 'meta', 'zenvia'], { error: 'use none, simulator, meta ou zenvia' }).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).max(64).optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).max(200).optional(),
  /** A number (E.164) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z.string().trim().min(1).max(64).optional(),
  TWILIO_API_URL: url(['http:', 'https:']).default('https://api.twilio.com'),
  /** AR-Voz (docs/voice.md): simulator (the embedded Twilio) or twilio (Programmable Voice, the Twilio account above). */
  VOICE_PROVIDER: z.enum(['none', 'simulator', 'twilio'], { error: 'use none, simulator ou twilio' }).optional(),
  /** The number AR-Voz calls from (E.164, a voice-capable number of the Twilio account). */
  TWILIO_VOICE_FROM: z.string().trim().min(1).max(64).optional(),
  /** Seconds between a busy or unanswered call and the next try (3 tries; docs/voice.md). */
  VOICE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  WHATSAPP_API_URL: url(['http:', 'https:']).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().min(1).max(64).optional(),
  WHATSAPP_TOKEN: z.string().trim().min(1).max(1000).optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(1).max(200).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).max(200).optional(),
  /** The approved template (language pt_BR): its name at Meta, its templateId at Zenvia. */
  WHATSAPP_TEMPLATE: z.string().trim().min(1).max(512).optional(),
  ZENVIA_API_URL: url(['http:', 'https:']).default('https://api.zenvia.com'),
  ZENVIA_API_TOKEN: z.string().trim().min(1).max(1000).optional(),
  ZENVIA_FROM_SMS: z.string().trim().min(1).max(64).optional(),
  ZENVIA_FROM_WHATSAPP: z.string().trim().min(1).max(64).optional(),
  ZENVIA_WEBHOOK_SECRET: z.string().min(16, 'use ao menos 16 caracteres').max(200).optional(),
  /** The simulator's step between a message's callbacks, in ms (docs/channels.md, Simulador); tests set a few ms. */
  SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** AR-Carta's provider (docs/letters.md); simulator: the embedded one, at /dev/letters. */
  LETTER_PROVIDER: z.enum(['none', 'simulator', 'http'], { error: 'use none, simulator ou http' }).optional(),
  LETTER_API_URL: url(['http:', 'https:']).optional(),
  LETTER_API_KEY: z.string().trim().min(1).max(1000).optional(),
  LETTER_WEBHOOK_SECRET: z.string().min(16, 'use ao menos 16 caracteres').max(200).optional(),
  /** The return address printed on every letter's return line, after the sender's name (docs/letters.md). */
  LETTER_RETURN_ADDRESS: z
    .string()
    .trim()
    .max(140, 'use até 140 caracteres: a linha do remetente tem a largura da janela do envelope')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'use uma linha só, sem caracteres de controle')
    .optional(),
  /** Single sign-on (docs/access.md): the OpenID provider's issuer, discovered at /.well-known/openid-configuration. */
  OIDC_ISSUER: url(['http:', 'https:']).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(1000).optional(),
  /** A PEM private key (PKCS#8) for private_key_jwt, where the provider requires it instead of a secret. */
  OIDC_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** The key's id (kid) as registered at the provider; default: none (the provider matches by key). */
  OIDC_PRIVATE_KEY_ID: z.string().trim().min(1).max(255).optional(),
  OIDC_SCOPES: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'escopos separados por espaço')
    .refine((v) => v.split(' ').includes('openid'), 'inclua o escopo openid')
    .default('openid email profile'),
  OIDC_LABEL: z.string().trim().min(1).max(60, 'use até 60 caracteres').default('Entrar com SSO'),
  /** false: only single sign-on (the password form is not shown and POST /v2/login answers 403). */
  LOCAL_LOGIN: bool.default(true),
  /** Error reporting (docs/error-reporting.md): the server's DSN, the web's (default the same), the environment and release. */
  SENTRY_DSN: dsn.optional(),
  SENTRY_DSN_WEB: dsn.optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).max(64).optional(),
  SENTRY_RELEASE: z.string().trim().min(1).max(200).optional(),
  NODE_ENV: z.string().trim().max(64).optional(),
  /** The tracking map's tiles (docs/maps.md); unset: the basemap shipped with the product, no outside request. */
  MAP_TILES_URL: tilesTemplate.optional(),
  MAP_ATTRIBUTION: z.string().trim().min(1).max(300).optional(),
  /** Requests a minute per API key (docs/integrations.md), counted in the database for every process. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1, 'use de 1 a 1000000').max(1_000_000, 'use de 1 a 1000000').default(600),
  /** Webhook URLs on loopback, private or link-local addresses; default on only in the embedded demo mode (SIMULATORS). */
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  /** The bearer token Prometheus scrapes GET /metrics with (docs/operations.md); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().trim().min(16, 'use ao menos 16 caracteres').max(200).optional(),
  /** Seconds a SIGTERM leaves in-flight requests and jobs to finish before the process stops (docs/operations.md). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1, 'use de 1 a 600 segundos').max(600, 'use de 1 a 600 segundos').default(25),
  ...backupEnv,
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  inboundSmtpPort: number;
  tsaUrl?: string;
  /** Trusted certificates for TSA_URL's tokens; the built-in TSA's certificate is always trusted. */
  tsaCaFile?: string;
  /** The operator's PKCS#12 that signs every PDF (docs/signatures.md); unset: the installation's own certificate in DATA_DIR/assinatura. */
  signingP12?: string;
  signingP12Password?: string;
  seedDemo: boolean;
  storeUrl: string;
  storeWebhookSecret?: string;
  logLevel: string;
  loginDelayMs: number;
  /** Check every answer against its route's response schema (tests, development): a mismatch is a 500 with the reason in the log. */
  checkResponses: boolean;
  /** Proxies trusted for X-Forwarded-For; false: the client's address is the socket's. */
  trustProxy: TrustProxy;
  /** all: HTTP, inbound SMTP and workers; web: HTTP and inbound SMTP; worker: the queue's workers only (docs/scale.md). */
  role: 'all' | 'web' | 'worker';
  /** Days a bulk proof's file is kept once ready (PROOFS_EXPIRY_DAYS). */
  proofsExpiryDays: number;
  /** No SMTP_URL: outbound mail is captured in the database and shown at /dev/mailbox. */
  captureMail: boolean;
  /** S3-compatible bucket for files; absent means DATA_DIR/files. */
  s3?: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean };
  /** The phone channels (docs/channels.md): which provider sends each, and each provider's settings. */
  channels: ChannelsConfig;
  /**
   * The embedded demo mode's stand-ins under /dev: the local mailbox, the simulated phone and the
   * providers' simulators (SIMULATORS; default on only without DATABASE_URL). Off: no /dev route.
   */
  simulators: boolean;
  /** The simulator's step between a message's callbacks, ms (SIMULATOR_DELAY_MS). */
  simulatorDelayMs: number;
  /** AR-Carta's provider (docs/letters.md): the HTTP contract's address, key and callback secret. */
  letter: LetterConfig;
  /** Single sign-on through an OpenID provider (docs/access.md); null: only the password form. */
  oidc: OidcConfig | null;
  /** LOCAL_LOGIN: the e-mail and password form (false only with oidc). */
  localLogin: boolean;
  /** Error reporting (docs/error-reporting.md); null: nothing is reported. */
  errorReporting: ErrorReportingConfig | null;
  /** The tracking map's tiles (docs/maps.md); tilesUrl null: the shipped basemap. */
  map: { tilesUrl: string | null; attribution: string | null };
  /** API_KEY_RATE_LIMIT: requests a minute per API key (docs/integrations.md). */
  apiKeyRateLimit: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE: webhook URLs may resolve to loopback, private or link-local addresses
   * (the embedded demo mode and tests); off, they are refused at registration and at connect time.
   */
  webhookAllowPrivate: boolean;
  /** METRICS_TOKEN: the scraper's bearer token; null: no /metrics (docs/operations.md). */
  metricsToken: string | null;
  /** SHUTDOWN_TIMEOUT_SECONDS: how long a SIGTERM's drain may take (docs/operations.md). */
  shutdownTimeoutSeconds: number;
  /** Backups and the evidence audit (docs/backups.md). */
  backup: BackupConfig;
};

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** client_secret_basic with this secret, or private_key_jwt with privateKeyFile. */
  clientSecret?: string;
  privateKeyFile?: string;
  privateKeyId?: string;
  scopes: string;
  label: string;
  /** PUBLIC_URL/v2/auth/oidc/callback */
  redirectUri: string;
  /** PUBLIC_URL/login */
  postLogoutRedirectUri: string;
  /** PUBLIC_URL/v2/auth/oidc/backchannel-logout */
  backchannelLogoutUri: string;
}

export interface ErrorReportingConfig {
  /** SENTRY_DSN: the server's reports; null: the server reports nothing. */
  dsn: string | null;
  /** SENTRY_DSN_WEB (default SENTRY_DSN): the web's, given to it by GET /v2/config; null: the web reports nothing. */
  webDsn: string | null;
  environment: string;
  /** ar-online@<version>+<commit> (SENTRY_RELEASE overrides). */
  release: string;
}

export interface LetterConfig {
  provider: 'none' | 'simulator' | 'http';
  /** LETTER_RETURN_ADDRESS: printed after the sender's name on the letter's return line; null: the name alone. */
  returnAddress: string | null;
  /** With 'simulator': the embedded simulator under PUBLIC_URL/dev/letters. */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
}

export interface ChannelsConfig {
  sms: 'none' | 'simulator' | 'twilio' | 'zenvia';
  whatsapp: 'none' | 'simulator' | 'meta' | 'zenvia';
  /** With sms 'simulator': the embedded simulator's Twilio (apiUrl under PUBLIC_URL/dev/twilio). */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string };
  /** With whatsapp 'simulator': the embedded simulator's Graph API (apiUrl under PUBLIC_URL/dev/graph/v21.0). */
  meta: { apiUrl: string; phoneNumberId: string; token: string; appSecret: string; verifyToken: string; template: string };
  zenvia: { apiUrl: string; apiToken: string; fromSms: string; fromWhatsapp: string; webhookSecret: string };
  /** AR-Voz (docs/voice.md): Twilio's Programmable Voice, or the embedded simulator's (apiUrl under PUBLIC_URL/dev/twilio). */
  voice: {
    provider: 'none' | 'simulator' | 'twilio';
    twilio: { accountSid: string; authToken: string; from: string; apiUrl: string };
    /** Seconds between a try that found the line busy or unanswered and the next. */
    retryDelaySeconds: number;
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws ConfigError naming every variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const embedded = !parsed.data.DATABASE_URL;
  const e = withProviders(parsed.data, parsed.data.SIMULATORS ?? embedded);
  if (embedded && e.ROLE !== 'all') {
    // PGlite lives inside one process: there is no other process to do the rest of the work.
    throw new ConfigError(
      `Configuração inválida:\n  ROLE: ${e.ROLE} exige DATABASE_URL (PostgreSQL); o banco embarcado roda em um só processo`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const oidc = oidcConfig(e, publicUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    inboundSmtpPort: e.INBOUND_SMTP_PORT,
    tsaUrl: e.TSA_URL,
    tsaCaFile: e.TSA_CA_FILE ? path.resolve(e.TSA_CA_FILE) : undefined,
    signingP12: e.SIGNING_P12 ? path.resolve(e.SIGNING_P12) : undefined,
    signingP12Password: e.SIGNING_P12_PASSWORD,
    seedDemo: e.SEED_DEMO ?? embedded,
    storeUrl: e.STORE_URL,
    storeWebhookSecret: e.STORE_WEBHOOK_SECRET,
    logLevel: e.LOG_LEVEL,
    loginDelayMs: e.LOGIN_DELAY_MS,
    checkResponses: e.CHECK_RESPONSES,
    trustProxy: e.TRUST_PROXY ?? false,
    role: e.ROLE,
    proofsExpiryDays: e.PROOFS_EXPIRY_DAYS,
    captureMail: !e.SMTP_URL,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE }
      : undefined,
    channels: channelsConfig(e, publicUrl, path.resolve(e.DATA_DIR)),
    simulators: e.SIMULATORS,
    simulatorDelayMs: e.SIMULATOR_DELAY_MS,
    letter: letterConfig(e, publicUrl, path.resolve(e.DATA_DIR)),
    oidc,
    localLogin: e.LOCAL_LOGIN,
    errorReporting: errorReportingConfig(e),
    map: mapConfig(e),
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? e.SIMULATORS,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    backup: backupConfig(e, path.resolve(e.DATA_DIR)),
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OIDC_* (docs/access.md): with OIDC_ISSUER, the client id and one way to authenticate the client
 * are required; the issuer is https (plain http only on this machine's loopback, for a provider run
 * beside the product in development and tests). LOCAL_LOGIN=false needs the provider.
 */
function oidcConfig(e: Env, publicUrl: string): OidcConfig | null {
  const problems: string[] = [];
  if (!e.OIDC_ISSUER) {
    for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_PRIVATE_KEY_FILE'] as const)
      if (e[key]) problems.push(`  ${key}: sem efeito sem OIDC_ISSUER`);
    if (!e.LOCAL_LOGIN) problems.push('  LOCAL_LOGIN: false exige OIDC_ISSUER (sem SSO ninguém entraria)');
    if (problems.length) throw new ConfigError(`Configuração inválida:\n${problems.join('\n')}`);
    return null;
  }
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol !== 'https:' && !LOOPBACK_HOSTS.has(issuer.hostname))
    problems.push('  OIDC_ISSUER: use https (http só para um provedor nesta máquina, em localhost)');
  if (!e.OIDC_CLIENT_ID) problems.push('  OIDC_CLIENT_ID: obrigatório com OIDC_ISSUER');
  if (!e.OIDC_CLIENT_SECRET && !e.OIDC_PRIVATE_KEY_FILE)
    problems.push('  OIDC_CLIENT_SECRET: obrigatório com OIDC_ISSUER (ou OIDC_PRIVATE_KEY_FILE para private_key_jwt)');
  if (e.OIDC_CLIENT_SECRET && e.OIDC_PRIVATE_KEY_FILE)
    problems.push('  OIDC_PRIVATE_KEY_FILE: use ou ela ou OIDC_CLIENT_SECRET, não as duas');
  if (e.OIDC_PRIVATE_KEY_FILE && !fs.existsSync(e.OIDC_PRIVATE_KEY_FILE))
    problems.push(`  OIDC_PRIVATE_KEY_FILE: arquivo não encontrado (${e.OIDC_PRIVATE_KEY_FILE})`);
  if (problems.length) throw new ConfigError(`Configuração inválida:\n${problems.join('\n')}`);
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID as string,
    clientSecret: e.OIDC_CLIENT_SECRET,
    privateKeyFile: e.OIDC_PRIVATE_KEY_FILE ? path.resolve(e.OIDC_PRIVATE_KEY_FILE) : undefined,
    privateKeyId: e.OIDC_PRIVATE_KEY_ID,
    scopes: e.OIDC_SCOPES,
    label: e.OIDC_LABEL,
    redirectUri: `${publicUrl}/v2/auth/oidc/callback`,
    postLogoutRedirectUri: `${publicUrl}/login`,
    backchannelLogoutUri: `${publicUrl}/v2/auth/oidc/backchannel-logout`,
  };
}

function errorReportingConfig(e: Env): ErrorReportingConfig | null {
  const webDsn = e.SENTRY_DSN_WEB ?? e.SENTRY_DSN ?? null;
  if (!e.SENTRY_DSN && !webDsn) return null;
  return {
    dsn: e.SENTRY_DSN ?? null,
    webDsn,
    environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV ?? 'production',
    release: e.SENTRY_RELEASE ?? productRelease(),
  };
}

/** MAP_ATTRIBUTION goes with MAP_TILES_URL: every tile provider's terms ask for its credit on the map. */
function mapConfig(e: Env): Config['map'] {
  if (e.MAP_TILES_URL && !e.MAP_ATTRIBUTION)
    throw new ConfigError(
      'Configuração inválida:\n  MAP_ATTRIBUTION: obrigatório com MAP_TILES_URL (o crédito que os termos do provedor dos tiles pedem)',
    );
  return { tilesUrl: e.MAP_TILES_URL ?? null, attribution: e.MAP_TILES_URL ? (e.MAP_ATTRIBUTION ?? null) : null };
}

/** LETTER_PROVIDER=http needs its three settings; the simulator's key and secret derive from this installation's secret. */
function letterConfig(e: Env, publicUrl: string, dataDir: string): LetterConfig {
  if (e.LETTER_PROVIDER === 'http') {
    const missing = (['LETTER_API_URL', 'LETTER_API_KEY', 'LETTER_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
    if (missing.length)
      throw new ConfigError(`Configuração inválida:\n${missing.map((k) => `  ${k}: obrigatório com o provedor http`).join('\n')}`);
    return {
      provider: 'http',
      returnAddress: e.LETTER_RETURN_ADDRESS ?? null,
      apiUrl: (e.LETTER_API_URL as string).replace(/\/+$/, ''),
      apiKey: e.LETTER_API_KEY as string,
      webhookSecret: e.LETTER_WEBHOOK_SECRET as string,
    };
  }
  if (e.LETTER_PROVIDER === 'none')
    return { provider: 'none', returnAddress: e.LETTER_RETURN_ADDRESS ?? null, apiUrl: '', apiKey: '', webhookSecret: '' };
  return {
    provider: 'simulator',
    returnAddress: e.LETTER_RETURN_ADDRESS ?? null,
    apiUrl: `${publicUrl}/dev/letters`,
    get apiKey() {
      return simulatorSecrets(dataDir).letterApiKey;
    },
    get webhookSecret() {
      return simulatorSecrets(dataDir).letterWebhookSecret;
    },
  };
}

type ParsedEnv = z.output<typeof envSchema>;
type Env = ReturnType<typeof withProviders>;

const PROVIDER_KEYS = ['SMS_PROVIDER', 'WHATSAPP_PROVIDER', 'VOICE_PROVIDER', 'LETTER_PROVIDER'] as const;

/**
 * Each channel's provider, its default resolved: the embedded simulator while the simulators are on
 * (SIMULATORS, default on only without DATABASE_URL), none otherwise (the channel is not offered).
 * A provider set to the simulator with the simulators off stops the start: a production
 * configuration never mounts a /dev route (docs/security.md).
 */
function withProviders(e: ParsedEnv, simulators: boolean) {
  const fallback = simulators ? ('simulator' as const) : ('none' as const);
  const resolved = {
    ...e,
    SIMULATORS: simulators,
    SMS_PROVIDER: e.SMS_PROVIDER ?? fallback,
    WHATSAPP_PROVIDER: e.WHATSAPP_PROVIDER ?? fallback,
    VOICE_PROVIDER: e.VOICE_PROVIDER ?? fallback,
    LETTER_PROVIDER: e.LETTER_PROVIDER ?? fallback,
  };
  const simulated = PROVIDER_KEYS.filter((k) => !simulators && resolved[k] === 'simulator');
  if (simulated.length)
    throw new ConfigError(
      `Configuração inválida:\n${simulated
        .map((k) => `  ${k}: simulator só com os simuladores ligados (modo de demonstração: sem DATABASE_URL, ou SIMULATORS=true)`)
        .join('\n')}`,
    );
  return resolved;
}

/**
 * Which stand-ins this configuration runs under /dev (docs/security.md, "Simulators and the local
 * mailbox"): none unless `simulators` is on, and then each only while something uses it. What the
 * mounting (simulators/index.ts), the start-up log and GET /v2/config all read.
 */
export function simulatorsOf(config: Config) {
  const on = config.simulators;
  const voice = on && config.channels.voice.provider === 'simulator';
  return {
    mailbox: on && config.captureMail,
    voice,
    // The phone serves the messages' simulator, and lists the voice simulator's calls.
    phone: on && (config.channels.sms === 'simulator' || config.channels.whatsapp === 'simulator' || voice),
    letters: on && config.letter.provider === 'simulator',
  };
}

/**
 * What stops a server start (not `npm run migrate` or `create-admin`, which send no mail): without
 * SMTP_URL mail is only captured for the local mailbox, which exists only with the simulators on,
 * so a production configuration without a relay would lose every e-mail silently.
 */
export function startProblems(config: Config): string | null {
  if (config.captureMail && !config.simulators)
    return 'Configuração inválida:\n  SMTP_URL: obrigatório com os simuladores desligados (com DATABASE_URL); a caixa de saída local é só do modo de demonstração (SIMULATORS=true)';
  return null;
}

/** The settings each chosen provider needs: missing ones stop the start, named (like every other bad value). */
const PROVIDER_NEEDS: Record<string, (keyof Env)[]> = {
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  meta: ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_TEMPLATE'],
  zenvia: ['ZENVIA_API_TOKEN', 'ZENVIA_WEBHOOK_SECRET'],
};

/** The simulator's sender number and its Graph API phone number id (not secrets: what its pages show). */
export const SIMULATOR_SMS_FROM = '+5511400400400';
export const SIMULATOR_PHONE_NUMBER_ID = '100000000000001';
export const SIMULATOR_TEMPLATE = 'ar_online_aviso';

function channelsConfig(e: Env, publicUrl: string, dataDir: string): ChannelsConfig {
  const problems: string[] = [];
  const need = (provider: string, extra: (keyof Env)[] = []) => {
    for (const key of [...(PROVIDER_NEEDS[provider] ?? []), ...extra])
      if (!e[key]) problems.push(`  ${key}: obrigatório com o provedor ${provider}`);
  };
  if (e.SMS_PROVIDER !== 'simulator' && e.SMS_PROVIDER !== 'none')
    need(e.SMS_PROVIDER, e.SMS_PROVIDER === 'zenvia' ? ['ZENVIA_FROM_SMS'] : []);
  if (e.WHATSAPP_PROVIDER !== 'simulator' && e.WHATSAPP_PROVIDER !== 'none')
    need(e.WHATSAPP_PROVIDER, e.WHATSAPP_PROVIDER === 'zenvia' ? ['ZENVIA_FROM_WHATSAPP', 'WHATSAPP_TEMPLATE'] : []);
  if (e.VOICE_PROVIDER === 'twilio')
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VOICE_FROM'] as const)
      if (!e[key]) problems.push(`  ${key}: obrigatório com VOICE_PROVIDER=twilio`);
  if (problems.length) throw new ConfigError(`Configuração inválida:\n${[...new Set(problems)].join('\n')}`);
  // The simulator's credentials come from this installation's own secret, read only when used
  // (a configuration that never reaches the simulator never writes the file).
  const sim = () => simulatorSecrets(dataDir);
  // Twilio's account (SMS and voice share it): the simulator's, or the configured one with its sender.
  const twilioAccount = (simulated: boolean, from: string) =>
    simulated
      ? {
          get accountSid() {
            return sim().twilioAccountSid;
          },
          get authToken() {
            return sim().twilioAuthToken;
          },
          from: SIMULATOR_SMS_FROM,
          apiUrl: `${publicUrl}/dev/twilio`,
        }
      : {
          accountSid: e.TWILIO_ACCOUNT_SID ?? '',
          authToken: e.TWILIO_AUTH_TOKEN ?? '',
          from,
          apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
        };
  const twilio = twilioAccount(e.SMS_PROVIDER === 'simulator', e.TWILIO_FROM ?? '');
  const meta =
    e.WHATSAPP_PROVIDER === 'simulator'
      ? {
          apiUrl: `${publicUrl}/dev/graph/v21.0`,
          phoneNumberId: SIMULATOR_PHONE_NUMBER_ID,
          get token() {
            return sim().metaToken;
          },
          get appSecret() {
            return sim().metaAppSecret;
          },
          get verifyToken() {
            return sim().metaVerifyToken;
          },
          template: SIMULATOR_TEMPLATE,
        }
      : {
          apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '',
          token: e.WHATSAPP_TOKEN ?? '',
          appSecret: e.WHATSAPP_APP_SECRET ?? '',
          verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? '',
          template: e.WHATSAPP_TEMPLATE ?? '',
        };
  const voiceTwilio = twilioAccount(e.VOICE_PROVIDER === 'simulator', e.TWILIO_VOICE_FROM ?? '');
  return {
    sms: e.SMS_PROVIDER,
    whatsapp: e.WHATSAPP_PROVIDER,
    twilio,
    meta,
    voice: { provider: e.VOICE_PROVIDER, twilio: voiceTwilio, retryDelaySeconds: e.VOICE_RETRY_DELAY_SECONDS },
    zenvia: {
      apiUrl: e.ZENVIA_API_URL.replace(/\/+$/, ''),
      apiToken: e.ZENVIA_API_TOKEN ?? '',
      fromSms: e.ZENVIA_FROM_SMS ?? '',
      fromWhatsapp: e.ZENVIA_FROM_WHATSAPP ?? '',
      webhookSecret: e.ZENVIA_WEBHOOK_SECRET ?? '',
    },
  };
}

export const SIMULATOR_SECRET_FILE = 'simulator-secret';

interface SimulatorSecrets {
  twilioAccountSid: string;
  twilioAuthToken: string;
  metaToken: string;
  metaAppSecret: string;
  metaVerifyToken: string;
  letterApiKey: string;
  letterWebhookSecret: string;
}

const simulatorSecretsByDir = new Map<string, SimulatorSecrets>();
const installationSecrets = new Map<string, string>();

/**
 * This installation's own secret, made at first use in DATA_DIR/simulator-secret (mode 0600), like
 * the built-in TSA's key and the store's webhook secret; processes sharing DATA_DIR share it. Keys
 * are derived from it by HMAC with a label of their own (installationKey): the simulator's
 * credentials, the public page's answer tokens (docs/security.md).
 */
export function installationSecret(dataDir: string): string {
  const known = installationSecrets.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, SIMULATOR_SECRET_FILE);
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process made it first: use that one.
      secret = fs.readFileSync(file, 'utf8').trim();
    }
  }
  installationSecrets.set(dataDir, secret);
  return secret;
}

/** A key of this installation for one purpose: HMAC-SHA256 of the installation's secret and the purpose's label. */
export const installationKey = (dataDir: string, label: string): Buffer =>
  createHmac('sha256', installationSecret(dataDir)).update(label).digest();

/**
 * The embedded simulator's credentials: each an HMAC of this installation's secret
 * (installationSecret). Not a constant of the code, so a product left on the simulator cannot be
 * called by someone who read the source.
 */
export function simulatorSecrets(dataDir: string): SimulatorSecrets {
  const known = simulatorSecretsByDir.get(dataDir);
  if (known) return known;
  const derive = (label: string) => installationKey(dataDir, label).toString('hex');
  const values: SimulatorSecrets = {
    twilioAccountSid: `AC${derive('twilio-account-sid').slice(0, 32)}`,
    twilioAuthToken: derive('twilio-auth-token').slice(0, 32),
    metaToken: derive('meta-token'),
    metaAppSecret: derive('meta-app-secret').slice(0, 32),
    metaVerifyToken: derive('meta-verify-token').slice(0, 32),
    letterApiKey: derive('letter-api-key').slice(0, 40),
    letterWebhookSecret: derive('letter-webhook-secret').slice(0, 40),
  };
  simulatorSecretsByDir.set(dataDir, values);
  return values;
}
