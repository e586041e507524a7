import { z } from 'zod';
import { productRelease } from './release.ts';

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

/** Error reporting (docs/error-reporting.md), merged into config.ts's schema. */
export const reportingEnv = {
  /** Error reporting (docs/error-reporting.md): the server's DSN, the web's (default the same), the environment and release. */
  SENTRY_DSN: dsn.optional(),
  SENTRY_DSN_WEB: dsn.optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).max(64).optional(),
  SENTRY_RELEASE: z.string().trim().min(1).max(200).optional(),
  NODE_ENV: z.string().trim().max(64).optional(),
};

type ReportingEnv = z.output<z.ZodObject<typeof reportingEnv>>;

export interface ErrorReportingConfig {
  /** SENTRY_DSN: the server's reports; null: the server reports nothing. */
  dsn: string | null;
  /** SENTRY_DSN_WEB (default SENTRY_DSN): the web's, given to it by GET /v2/config; null: the web reports nothing. */
  webDsn: string | null;
  environment: string;
  /** ar-online@<version>+<commit> (SENTRY_RELEASE overrides). */
  release: string;
}

export function errorReportingConfig(e: ReportingEnv): ErrorReportingConfig | null {
  const webDsn = e.SENTRY_DSN_WEB ?? e.SENTRY_DSN ?? null;
  if (!e.SENTRY_DSN && !webDsn) return null;
  return {
    dsn: e.SENTRY_DSN ?? null,
    webDsn,
    environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV ?? 'production',
    release: e.SENTRY_RELEASE ?? productRelease(),
  };
}
