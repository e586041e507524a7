import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, url } from './config-values.ts';

/** Single sign-on and the password form (docs/access.md), merged into config.ts's schema. */
export const accessEnv = {
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
};

type AccessEnv = z.output<z.ZodObject<typeof accessEnv>>;

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

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OIDC_* (docs/access.md): with OIDC_ISSUER, the client id and one way to authenticate the client
 * are required; the issuer is https (plain http only on this machine's loopback, for a provider run
 * beside the product in development and tests). LOCAL_LOGIN=false needs the provider.
 */
export function oidcConfig(e: AccessEnv, publicUrl: string): OidcConfig | null {
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
