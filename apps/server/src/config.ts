import path from 'node:path';
import { z } from 'zod';
import { accessEnv, type OidcConfig, oidcConfig } from './config-access.ts';
import { type BackupConfig, backupConfig, backupEnv } from './config-backup.ts';
import { type ChannelsConfig, channelsConfig, channelsEnv, withProviders } from './config-channels.ts';
import { type LetterConfig, letterConfig, letterEnv } from './config-letter.ts';
import { type MapConfig, mapConfig, mapEnv } from './config-map.ts';
import { type TrustProxy, trustProxy } from './config-proxy.ts';
import { type ErrorReportingConfig, errorReportingConfig, reportingEnv } from './config-reporting.ts';
import { bool, ConfigError, url } from './config-values.ts';

export { SIMULATOR_SMS_FROM } from './config-channels.ts';
export { installationKey, installationSecret, simulatorSecrets } from './config-secrets.ts';
export type { ChannelsConfig, ErrorReportingConfig, LetterConfig, MapConfig, OidcConfig, TrustProxy };
export { ConfigError };

/**
 * The environment → Config: the settings of the whole process here, each area's in its own
 * config-<area>.ts (its variables, its checks, its part of Config), composed by loadConfig.
 */
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
  /**
   * The embedded demo mode's simulators and local mailbox under /dev (src/simulators/, docs/security.md):
   * on by default only without DATABASE_URL. Off, a channel left without a provider is not offered.
   */
  SIMULATORS: bool.optional(),
  ...channelsEnv,
  ...letterEnv,
  ...accessEnv,
  ...reportingEnv,
  ...mapEnv,
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
  map: MapConfig;
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

/**
 * Which stand-ins this configuration runs under /dev (docs/simulators.md, "Simulators and the local
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
